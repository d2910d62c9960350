// Writes .br and .gz beside every compressible file of the build, so the server sends them without compressing per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { compressBuffer } from '../server/site/compress-buffer';

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.xml', '.ico', '.wasm', '.map']);

async function compressFile(path: string): Promise<string[]> {
  const { br, gzip } = await compressBuffer(await readFile(path));
  const written: string[] = [];
  for (const [extension, data] of [
    ['.br', br],
    ['.gz', gzip],
  ] as const) {
    if (!data) continue;
    await writeFile(path + extension, data);
    written.push(path + extension);
  }
  return written;
}

/** Compresses every file worth it under dir; returns the paths written. */
export async function precompressDir(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    // Hidden folders (.vite/, .ssr/) are build internals the server never sends.
    .filter(
      (entry) =>
        entry.isFile() &&
        COMPRESSIBLE.has(extname(entry.name)) &&
        !relative(dir, entry.parentPath)
          .split(sep)
          .some((part) => part.startsWith('.')),
    )
    .map((entry) => join(entry.parentPath, entry.name));
  return (await Promise.all(files.map(compressFile))).flat();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] || 'dist';
  const started = Date.now();
  const written = await precompressDir(dir);
  console.log(`[precompress] ${written.length} .br/.gz files in ${dir}/ (${Date.now() - started} ms)`);
}
