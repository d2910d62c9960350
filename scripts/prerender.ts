// Prerenders each route into its own HTML file in dist/ so the first screen paints before JavaScript, and
// leaves the renderer in dist/.ssr/ for the server, which renders the same pages with its own settings.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { renderPages, type Manifest, type PageRenderer } from '../server/site/render-pages';

/** Where the server finds the renderer (server/site/page-renderer.ts): inside dist/, so it ships with it; hidden, so never served. */
export const RENDERER_DIR = '.ssr';

const dist = resolve(process.argv[2] || 'dist');
const ssrOut = join(dist, RENDERER_DIR);

async function main() {
  rmSync(ssrOut, { recursive: true, force: true });
  await build({
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: ssrOut, copyPublicDir: false, manifest: false, emptyOutDir: true },
  });
  const renderer = (await import(pathToFileURL(join(ssrOut, 'entry-server.js')).href)) as PageRenderer;
  const pages = await renderPages({
    template: readFileSync(join(dist, 'index.html'), 'utf8'),
    manifest: JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest,
    readText: (href) => readFileSync(join(dist, href), 'utf8'),
    renderer,
    settings: renderer.buildTimeSettings,
  });
  // index.html stays the bare template the server renders from; a static host serves it as built.
  for (const page of pages.filter((page) => page.module)) {
    writeFileSync(join(dist, page.file), page.html);
    console.log(`[prerender] ${page.path} -> ${page.file} (${(page.appBytes / 1024).toFixed(1)} KB of HTML)`);
  }
}

await main();
