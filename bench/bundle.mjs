#!/usr/bin/env node
// What each prerendered route makes a visitor download before it works: initial JS and CSS, gzip.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUDGET_KB, initialAssets } from '../scripts/check-bundle.mjs';
import { ensureBuilt } from '../scripts/build-if-stale.mjs';

const dist = 'dist';
const gz = (buffer) => gzipSync(buffer, { level: 9 }).length / 1024;
const fileKB = (path) => gz(readFileSync(join(dist, path)));

ensureBuilt();
console.log('[bench:bundle] initial download per route (gzip -9)');
console.log('| route | initial JS | files | CSS (inline + linked) |');
console.log('|---|---|---|---|');
for (const route of ['register', 'contact', 'download']) {
  const html = readFileSync(join(dist, `${route}.html`), 'utf8');
  const { js, css, inlineCss } = initialAssets(html);
  const jsKB = js.reduce((sum, src) => sum + fileKB(src), 0);
  const cssKB = css.reduce((sum, href) => sum + fileKB(href), 0) + gz(Buffer.from(inlineCss.join('')));
  console.log(`| /${route} | ${jsKB.toFixed(1)} KB | ${js.length} | ${cssKB.toFixed(1)} KB |`);
}
const assets = readdirSync(join(dist, 'assets'));
const puzzle = assets.filter((name) => /^captcha-.*\.(js|css)$/.test(name));
const puzzleKB = puzzle.reduce((sum, name) => sum + fileKB(join('assets', name)), 0);
console.log(`puzzle widget chunk (lazy): ${puzzleKB.toFixed(1)} KB gzip (${puzzle.join(', ')}; target ≤ 10 KB)`);
console.log(`budget: initial JS for /register ≤ ${BUDGET_KB} KB gzip`);
