// Shared by the puzzle benches: the built playground on a free port, and the widget chunk's gzip size.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, preview } from 'vite';
import { freePort } from '../scripts/free-port.mjs';

const ROOT = resolve(import.meta.dirname, '..');

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const gzipKB = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

/** The widget as the app's build makes its lazy chunk (minified, React external): what the app's lazy import fetches. */
export async function chunkSize(outDir) {
  await build({
    configFile: false,
    root: ROOT,
    publicDir: false,
    logLevel: 'silent',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2020',
      rollupOptions: {
        input: join(ROOT, 'packages/puzzle-captcha/src/index.ts'),
        preserveEntrySignatures: 'strict',
        external: ['react', 'react-dom', 'react/jsx-runtime'],
      },
    },
  });
  const files = readdirSync(outDir, { recursive: true }).map((name) => join(outDir, String(name)));
  const js = files.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipKB(f), 0);
  const css = files.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gzipKB(f), 0);
  return { js, css };
}

/** The playground's production build, served by Vite's preview server on a free port. */
export async function servePlayground(outDir) {
  await build({ configFile: join(ROOT, 'vite.playground.config.ts'), logLevel: 'silent', build: { outDir } });
  const port = await freePort();
  const server = await preview({
    configFile: join(ROOT, 'vite.playground.config.ts'),
    logLevel: 'silent',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
  return {
    url: `http://127.0.0.1:${port}/captcha.html`,
    close: () => new Promise((done) => server.httpServer.close(done)),
  };
}
