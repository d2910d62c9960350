// What each prerendered route makes a visitor download before it works: initial JS and CSS, gzip.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUDGET_KB, gzipKB, initialAssets } from '../../scripts/check-bundle';
import { ensureBuilt } from '../../scripts/build-if-stale';

const dist = 'dist';
const fileKB = (path: string) => gzipKB(join(dist, path));

ensureBuilt();
console.log('[bench:bundle] initial download per route (gzip -9)');
console.log('| route | initial JS | files | CSS (inline + linked) |');
console.log('|---|---|---|---|');
for (const route of ['register', 'contact', 'download']) {
  const html = readFileSync(join(dist, `${route}.html`), 'utf8');
  const { js, css, inlineCss } = initialAssets(html);
  const jsKB = js.reduce((sum, src) => sum + fileKB(src), 0);
  const cssKB = css.reduce((sum, href) => sum + fileKB(href), 0) + gzipSync(inlineCss.join(''), { level: 9 }).length / 1024;
  console.log(`| /${route} | ${jsKB.toFixed(1)} KB | ${js.length} | ${cssKB.toFixed(1)} KB |`);
}
const assets = readdirSync(join(dist, 'assets'));
const sum = (names: string[]) => names.reduce((total, name) => total + fileKB(join('assets', name)), 0);
const puzzle = assets.filter((name) => /^captcha-.*\.(js|css)$/.test(name) && !/^captcha-(server|work)-/.test(name));
// Server mode only, later: its own chunk (preloaded with the server prop), the proof-of-work wrapper (its
// main-thread fallback solver inside) and the worker.
const work = assets.filter(
  (name) => /^(captcha-server|captcha-work|solve-worker)-.*\.js$/.test(name) && !/^solve-worker-noble-/.test(name),
);
// Only pages without WebCrypto (plain http): the worker with @noble/hashes inside, the main thread's hash chunk.
const withoutWebCrypto = assets.filter((name) => /^(solve-worker-noble|sha2)-.*\.js$/.test(name));
console.log(`puzzle widget chunk (lazy): ${sum(puzzle).toFixed(1)} KB gzip (${puzzle.join(', ')}; target ≤ 10 KB)`);
console.log(
  `puzzle server mode adds (its chunk; the work wrapper and worker when a challenge brings a task): ${sum(work).toFixed(1)} KB gzip (${work.join(', ')})`,
);
console.log(
  `puzzle server mode on a page without WebCrypto, instead of the worker: ${sum(withoutWebCrypto).toFixed(1)} KB gzip (${withoutWebCrypto.join(', ')})`,
);
console.log(`budget: initial JS for /register ≤ ${BUDGET_KB} KB gzip`);
