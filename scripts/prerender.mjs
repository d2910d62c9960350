#!/usr/bin/env node
// Prerenders each route into its own HTML file in dist/ so the first screen paints before JavaScript.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

export const PRERENDERED_ROUTES = [
  { path: '/register', file: 'register.html', module: 'src/app/routes/register.tsx' },
  { path: '/contact', file: 'contact.html', module: 'src/app/routes/contact.tsx' },
  { path: '/download', file: 'download.html', module: 'src/app/routes/download.tsx' },
];

const dist = resolve(process.argv[2] || 'dist');
const ssrOut = resolve('build/ssr');

/** The CSS and JS a route's lazy chunk needs, from Vite's manifest, so its HTML is styled before JS runs. */
function chunkAssets(manifest, entry, seen = new Set()) {
  const chunk = manifest[entry];
  if (!chunk || seen.has(entry)) return { css: [], js: [] };
  seen.add(entry);
  const css = [...(chunk.css ?? [])];
  const js = chunk.isEntry ? [] : [chunk.file];
  for (const imported of chunk.imports ?? []) {
    const sub = chunkAssets(manifest, imported, seen);
    css.push(...sub.css);
    js.push(...sub.js);
  }
  return { css, js };
}

function inject(template, appHtml, assets) {
  const missing = (href) => !template.includes(`/${href}"`);
  const links = [
    ...[...new Set(assets.css)].filter(missing).map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`),
    ...[...new Set(assets.js)].filter(missing).map((href) => `<link rel="modulepreload" crossorigin href="/${href}">`),
  ].join('');
  if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root');
  return template.replace('</head>', `${links}</head>`).replace('<div id="root"></div>', `<div id="root">${appHtml}</div>`);
}

async function main() {
  rmSync(ssrOut, { recursive: true, force: true });
  await build({
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: ssrOut, copyPublicDir: false, manifest: false, emptyOutDir: true },
  });
  const { renderRoute } = await import(pathToFileURL(join(ssrOut, 'entry-server.js')).href);
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  for (const route of PRERENDERED_ROUTES) {
    const html = await renderRoute(route.path);
    writeFileSync(join(dist, route.file), inject(template, html, chunkAssets(manifest, route.module)));
    console.log(`[prerender] ${route.path} -> ${route.file} (${(html.length / 1024).toFixed(1)} KB of HTML)`);
  }
}

await main();
