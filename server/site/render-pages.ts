// Puts the app's prerendered screens and a deployment's settings into the built index.html: used by the
// build (scripts/prerender.ts, with the build's settings) and by the server at start and on SIGHUP
// (server/site/, with the deployment's), so both make their pages the same way.
import type { PageSettings } from '@game-register/site-settings';

export interface PrerenderedRoute {
  path: string;
  file: string;
  /** The route's lazy chunk, as Vite's manifest names its source. */
  module: string;
}

/** A page of the site with its settings: a prerendered route's file, or the bare index.html (no module). */
export interface RenderedPage {
  path: string;
  file: string;
  module: string | null;
  html: string;
  /** Bytes of the app's own markup in it (0 for index.html). */
  appBytes: number;
}

/** What the SSR bundle (src/entry-server.tsx, built into dist/.ssr/) gives the page renderer. */
export interface PageRenderer {
  renderRoute(url: string, settings: PageSettings): Promise<string>;
  documentTitle(brandName: string): string;
  buildTimeSettings: PageSettings;
  PAGE_SETTINGS_ID: string;
}

/** The fields of Vite's build manifest (dist/.vite/manifest.json) the pages read, by source path. */
export type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;

interface Assets {
  css: string[];
  js: string[];
}

/** The app chunk that src/main.tsx imports after the first paint: every page needs it. */
const APP_CHUNK = 'src/app/hydrate.tsx';

export const PRERENDERED_ROUTES: PrerenderedRoute[] = [
  { path: '/register', file: 'register.html', module: 'src/app/routes/register.tsx' },
  { path: '/contact', file: 'contact.html', module: 'src/app/routes/contact.tsx' },
  { path: '/download', file: 'download.html', module: 'src/app/routes/download.tsx' },
];

/** The meta element listing the chunks that hydrate a prerendered page (read by src/main.tsx and scripts/check-bundle.ts). */
const APP_CHUNKS_META = 'app-chunks';

/** The id of the empty element after #root that the first paint waits for. */
const FIRST_SCREEN_END = 'first-screen-end';

/** The type of the links that name stylesheets already inlined (see inject). */
const INLINED_CSS_TYPE = 'text/x-inlined-css';

/** The CSS and JS a route's lazy chunk needs, from Vite's manifest, so its HTML is styled before JS runs. */
function chunkAssets(manifest: Manifest, entry: string, seen = new Set<string>()): Assets {
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
function inject(template: string, appHtml: string, assets: Assets, readText: (href: string) => string): string {
  if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root');
  const linked = [...template.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g)];
  const stylesheets = [...new Set([...linked.map(([, href]) => href!), ...assets.css])];
  const css = stylesheets.map((href) => readText(href).trim()).join('\n');
  // The chunks that hydrate this page, fetched by src/main.tsx right after the first paint (not from the
  // head: on a fast link they would arrive and run before the paint, and they are not needed for it).
  const chunks = [...new Set(assets.js)].filter((href) => !template.includes(`/${href}"`)).map((href) => `/${href}`);
  const chunkList = `<meta name="${APP_CHUNKS_META}" content="${chunks.join(' ')}">`;
  let html = template;
  for (const [tag] of linked) html = html.replace(tag, '');
  // The site icon (a few hundred bytes of SVG) goes into the page as a data URL: one request less.
  html = html.replace(
    /(<link rel="icon" href=")\/([^"]+\.svg)"/,
    (_, start: string, href: string) => `${start}data:image/svg+xml,${encodeURIComponent(readText(href).trim())}"`,
  );
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
  // Replacements as functions: the markup carries the site's own texts, where `$&` must stay as written.
  return html
    .replace('</head>', () => `<style>${css}</style>${inlinedMarks}${expectEnd}${chunkList}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${appHtml}</div><template id="${FIRST_SCREEN_END}"></template>`);
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

const mapChannels = (hex: string, map: (channel: number) => number) =>
  `#${[1, 3, 5]
    .map((start) =>
      Math.round(map(parseInt(hex.slice(start, start + 2), 16)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** The theme colour's darker shade (text on white, pressed buttons): about as much darker as the built-in pair, #e8452c and #c7361f. */
export const darkerShade = (hex: string): string => mapChannels(hex, (value) => value * 0.86);

/** A lighter shade, `share` of the way to white: where gradients end (0.2), pale backgrounds (0.82, 0.93). */
export const lighterShade = (hex: string, share = 0.2): string => mapChannels(hex, (value) => value + (255 - value) * share);

/** The CSS variables of a theme colour (src/styles/global.css defines the built-in ones). */
function themeVariables(color: string): string {
  const rgb = [1, 3, 5].map((start) => parseInt(color.slice(start, start + 2), 16)).join(', ');
  return (
    `--color-brand:${color};--color-brand-dark:${darkerShade(color)};--color-brand-light:${lighterShade(color)};` +
    `--color-brand-rgb:${rgb};--color-brand-tint:${lighterShade(color, 0.93)};--color-brand-tint-strong:${lighterShade(color, 0.82)}`
  );
}

/**
 * The deployment's settings in the page: the title, the theme colour (meta and CSS variables, after the
 * page's own CSS so they win), the logo as the icon, and the settings as JSON for the app, which reads them
 * before it renders (a data block: never run, so the CSP's script-src needs nothing for it).
 */
function withSettings(html: string, renderer: PageRenderer, settings: PageSettings): string {
  const { brand } = settings;
  let page = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(renderer.documentTitle(brand.name))}</title>`);
  page = page.replace(/(<meta name="theme-color" content=")[^"]*"/, (_, start: string) => `${start}${brand.themeColor}"`);
  if (brand.logo) page = page.replace(/(<link rel="icon" href=")[^"]*"( type="[^"]*")?/, (_, start: string) => `${start}${brand.logo}"`);
  const theme =
    brand.themeColor.toLowerCase() === renderer.buildTimeSettings.brand.themeColor.toLowerCase()
      ? ''
      : `<style>:root{${themeVariables(brand.themeColor)}}</style>`;
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return page.replace('</head>', () => `${theme}<script type="application/json" id="${renderer.PAGE_SETTINGS_ID}">${json}</script></head>`);
}

// The renderer sets the app's settings for the page it renders: renders never overlap, in any caller.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Every page of the site with these settings: each prerendered route's file, and index.html (the app
 * renders unknown paths itself) with the settings only.
 */
export function renderPages({
  template,
  manifest,
  readText,
  renderer,
  settings,
}: {
  template: string;
  manifest: Manifest;
  readText: (distPath: string) => string;
  renderer: PageRenderer;
  settings: PageSettings;
}): Promise<RenderedPage[]> {
  const run = async () => {
    const pages: RenderedPage[] = [];
    for (const route of PRERENDERED_ROUTES) {
      const appHtml = await renderer.renderRoute(route.path, settings);
      const app = chunkAssets(manifest, APP_CHUNK);
      const page = chunkAssets(manifest, route.module);
      const assets = { css: [...app.css, ...page.css], js: [...app.js, ...page.js] };
      pages.push({
        ...route,
        html: withSettings(inject(template, appHtml, assets, readText), renderer, settings),
        appBytes: appHtml.length,
      });
    }
    pages.push({ path: '/', file: 'index.html', module: null, html: withSettings(template, renderer, settings), appBytes: 0 });
    return pages;
  };
  const result = queue.then(run);
  queue = result.then(
    () => undefined,
    () => undefined,
  );
  return result;
}
