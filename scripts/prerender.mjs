#!/usr/bin/env node
// Prerenders each route into its own HTML file in dist/ so the first screen paints before JavaScript.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

/** The app chunk that src/main.tsx imports after the first paint: every page needs it. */
const APP_CHUNK = 'src/app/hydrate.tsx';

export const PRERENDERED_ROUTES = [
  { path: '/register', file: 'register.html', module: 'src/app/routes/register.tsx' },
  { path: '/contact', file: 'contact.html', module: 'src/app/routes/contact.tsx' },
  { path: '/download', file: 'download.html', module: 'src/app/routes/download.tsx' },
];

/** The meta element listing the chunks that hydrate a prerendered page (read by src/main.tsx and scripts/check-bundle.mjs). */
const APP_CHUNKS_META = 'app-chunks';

/** The id of the empty element after #root that the first paint waits for. */
const FIRST_SCREEN_END = 'first-screen-end';

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

/**
 * Puts the route's markup into the template, inlines every stylesheet the first screen needs (one request
 * less before the first paint on a slow network) and lists the chunks that hydrate it.
 */
/** The type of the links that name stylesheets already inlined (see inject). */
const INLINED_CSS_TYPE = 'text/x-inlined-css';

function inject(template, appHtml, assets) {
  if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root');
  const linked = [...template.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g)];
  const stylesheets = [...new Set([...linked.map(([, href]) => href), ...assets.css])];
  const css = stylesheets.map((href) => readFileSync(join(dist, href), 'utf8').trim()).join('\n');
  // The chunks that hydrate this page, fetched by src/main.tsx right after the first paint (not from the
  // head: on a fast link they would arrive and run before the paint, and they are not needed for it).
  const chunks = [...new Set(assets.js)].filter((href) => !template.includes(`/${href}"`)).map((href) => `/${href}`);
  const chunkList = `<meta name="${APP_CHUNKS_META}" content="${chunks.join(' ')}">`;
  let html = template;
  for (const [tag] of linked) html = html.replace(tag, '');
  // The site icon (a few hundred bytes of SVG) goes into the page as a data URL: one request less.
  html = html.replace(/(<link rel="icon" href=")\/([^"]+\.svg)"/, (_, start, href) =>
    `${start}data:image/svg+xml,${encodeURIComponent(readFileSync(join(dist, href), 'utf8').trim())}"`);
  // The HTML and its inline CSS are the whole first screen: the scripts only hydrate it, so they must
  // not take a slow network's bandwidth from the page itself.
  html = html.replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin');
  html = html.replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin');
  // A slow phone's parser can yield half-way through the body, and Chromium would paint that half: a
  // button painted before its label arrives grows when the label does (a layout shift). Rendering waits
  // for a marker placed right after #root (`rel=expect`, Chromium 124+, which unblocks on the target's
  // start tag, hence a marker after the root rather than the root itself; other engines ignore it).
  // The page is a few KB, so the first paint waits for no more than the time to parse it.
  const expectEnd = `<link rel="expect" href="#${FIRST_SCREEN_END}" blocking="render">`;
  // Vite's preload helper, when a lazy chunk arrives, adds a <link rel=stylesheet> for each CSS file the
  // chunk needs unless the page already has one with that href: it cannot see that the CSS is already
  // inlined above, and would fetch and apply it a second time. So each inlined file is also named by a
  // link the helper recognises but that no browser fetches: a type other than text/css tells the browser
  // it is not a stylesheet it supports (HTML: the UA should not obtain a resource of an unsupported type).
  const inlinedMarks = stylesheets.map((href) => `<link rel="stylesheet" type="${INLINED_CSS_TYPE}" href="/${href}">`).join('');
  return html
    .replace('</head>', `<style>${css}</style>${inlinedMarks}${expectEnd}${chunkList}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${appHtml}</div><template id="${FIRST_SCREEN_END}"></template>`);
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
    const app = chunkAssets(manifest, APP_CHUNK);
    const page = chunkAssets(manifest, route.module);
    const assets = { css: [...app.css, ...page.css], js: [...app.js, ...page.js] };
    writeFileSync(join(dist, route.file), inject(template, html, assets));
    console.log(`[prerender] ${route.path} -> ${route.file} (${(html.length / 1024).toFixed(1)} KB of HTML)`);
  }
}

await main();
