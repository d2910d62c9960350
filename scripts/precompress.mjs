#!/usr/bin/env node
// Writes .br and .gz beside every compressible file of the build, so the server sends them without compressing per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.xml', '.ico', '.wasm', '.map']);
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function compressFile(path) {
  const source = await readFile(path);
  if (source.length < MIN_BYTES) return [];
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written = [];
  for (const [extension, data] of [['.br', br], ['.gz', gz]]) {
    if (data.length >= source.length) continue;
    await writeFile(path + extension, data);
    written.push(path + extension);
  }
  return written;
}

/** Compresses every file worth it under dir; returns the paths written. */
export async function precompressDir(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name));
  return (await Promise.all(files.map(compressFile))).flat();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] || 'dist';
  const started = Date.now();
  const written = await precompressDir(dir);
  console.log(`[precompress] ${written.length} .br/.gz files in ${dir}/ (${Date.now() - started} ms)`);
}
