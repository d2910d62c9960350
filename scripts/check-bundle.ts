// Bundle budget: the JavaScript a visitor downloads before /register works, gzip-compressed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_KB = 90;
const dist = process.argv[2] || 'dist';

export function initialAssets(html: string): { js: string[]; css: string[]; inlineCss: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const inlineCss: string[] = [];
  for (const [, src] of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) js.add(src!);
  for (const [, href] of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) js.add(href!);
  // The chunks src/main.tsx fetches right after the first paint to hydrate the page (scripts/prerender.ts).
  const chunks = html.match(/<meta name="app-chunks" content="([^"]*)">/)?.[1] ?? '';
  for (const href of chunks.split(' ').filter(Boolean)) js.add(href);
  for (const [, css] of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) inlineCss.push(css!);
  for (const [tag, href] of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)) {
    if (tag.includes('type="text/x-inlined-css"')) continue; // names a file already inlined above: never fetched
    css.add(href!);
  }
  return { js: [...js], css: [...css], inlineCss };
}

export function gzipKB(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

/**
 * Chunks that carry TypeBox's runtime (its schemas are marked with a '~kind' key). The puzzle protocol's
 * schemas are for servers: the browser imports only its plain values and its types.
 */
export function chunksWithTypeBox(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.endsWith('.js') && readFileSync(join(dir, name), 'utf8').includes('~kind'));
}

/**
 * Puzzle widget chunks (captcha-*.js, not its lazy captcha-work-*) that carry the proof-of-work solver (its
 * SHA-256 digests): the solver is for server mode, in a Web Worker or a chunk of its own, never in what
 * every shown puzzle downloads.
 */
export function widgetChunksWithSolver(dir: string): string[] {
  return readdirSync(dir).filter(
    (name) =>
      /^captcha-.*\.js$/.test(name) && !name.startsWith('captcha-work-') && readFileSync(join(dir, name), 'utf8').includes('.digest('),
  );
}

/**
 * Puzzle widget chunks (captcha-*.js, not its lazy captcha-server-* and captcha-work-*) that carry server
 * mode (its 无障碍验证 button's text): server mode is a chunk of its own, fetched only with a `server` prop.
 */
export function widgetChunksWithServerMode(dir: string): string[] {
  return readdirSync(dir).filter(
    (name) =>
      /^captcha-.*\.js$/.test(name) &&
      !/^captcha-(server|work)-/.test(name) &&
      readFileSync(join(dir, name), 'utf8').includes('无障碍验证'),
  );
}

function main() {
  // The prerendered page is what /register serves; the bare index.html is the fallback.
  const page = existsSync(join(dist, 'register.html')) ? 'register.html' : 'index.html';
  const html = readFileSync(join(dist, page), 'utf8');
  const { js, css, inlineCss } = initialAssets(html);
  const jsKB = js.reduce((sum, src) => sum + gzipKB(join(dist, src)), 0);
  const cssKB = css.reduce((sum, href) => sum + gzipKB(join(dist, href)), 0) + gzipSync(inlineCss.join(''), { level: 9 }).length / 1024;
  console.log(
    `[bundle] /register initial JS: ${jsKB.toFixed(1)} KB gzip in ${js.length} file(s) (budget ${BUDGET_KB} KB); CSS: ${cssKB.toFixed(1)} KB gzip`,
  );
  const typebox = chunksWithTypeBox(join(dist, 'assets'));
  if (typebox.length > 0) {
    console.error(
      `[bundle] TypeBox's runtime is in the browser bundle (${typebox.join(', ')}): import the protocol's schemas as types only`,
    );
    process.exit(1);
  }
  const solver = widgetChunksWithSolver(join(dist, 'assets'));
  if (solver.length > 0) {
    console.error(`[bundle] the proof-of-work solver is in the puzzle widget's chunk (${solver.join(', ')}): load it lazily`);
    process.exit(1);
  }
  const serverMode = widgetChunksWithServerMode(join(dist, 'assets'));
  if (serverMode.length > 0) {
    console.error(`[bundle] server mode is in the puzzle widget's chunk (${serverMode.join(', ')}): import it lazily`);
    process.exit(1);
  }
  if (jsKB > BUDGET_KB) {
    console.error(`[bundle] over budget by ${(jsKB - BUDGET_KB).toFixed(1)} KB`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
