import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { access, readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';

/** One file of the build, held in memory with its precompressed variants. */
export interface SiteFile {
  type: string;
  cacheControl: string;
  /** Strong validator of the content; each encoding gets its own suffix. */
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** The built app, read once at start: dist/ is immutable while the server runs. */
export interface Site {
  /** URL path ('/assets/index-abc.js') to the file. */
  files: Map<string, SiteFile>;
  /** Route path ('/', '/register', ...) to the URL path of the HTML file that answers it. */
  pages: Map<string, string>;
  /** CSP hash sources of the inline <style> elements and style attributes of those pages. */
  styleElementHashes: string[];
  styleAttributeHashes: string[];
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

const STYLE_ELEMENT = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const STYLE_ATTRIBUTE = /\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };

const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const decodeAttribute = (value: string) => value.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);

/** Vite puts content-hashed files under /assets/; everything else may change under the same name. */
export const cacheControlFor = (urlPath: string) => (urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);

/** `register.html` and `register/index.html` answer /register; `index.html` answers /. */
export function routeOfHtmlFile(urlPath: string): string {
  return urlPath.replace(/(?:\/index)?\.html$/, '') || '/';
}

/** One file held in memory: its type and cache rule from its URL path, a validator from its content. */
export function siteFile(urlPath: string, identity: Buffer, variants: { br?: Buffer; gzip?: Buffer } = {}): SiteFile {
  return {
    type: TYPES[extname(urlPath).toLowerCase()] ?? 'application/octet-stream',
    cacheControl: cacheControlFor(urlPath),
    etag: createHash('sha1').update(identity).digest('base64url').slice(0, 22),
    identity,
    ...variants,
  };
}

/** The CSP hash sources of every inline <style> element and style attribute in these pages. */
export function styleHashesOf(htmlPages: Iterable<string>): Pick<Site, 'styleElementHashes' | 'styleAttributeHashes'> {
  const elements = new Set<string>();
  const attributes = new Set<string>();
  for (const html of htmlPages) {
    for (const [, css = ''] of html.matchAll(STYLE_ELEMENT)) elements.add(cspHash(css));
    for (const [, double, single] of html.matchAll(STYLE_ATTRIBUTE)) attributes.add(cspHash(decodeAttribute(double ?? single ?? '')));
  }
  return { styleElementHashes: [...elements], styleAttributeHashes: [...attributes] };
}

/**
 * Why the built app in distDir cannot be served (the folder missing or unreadable, or no index.html in it),
 * or null: the start refuses such a DIST_DIR, which would otherwise answer every page with a 404.
 */
export async function distDirProblem(distDir: string): Promise<string | null> {
  try {
    await access(join(distDir, 'index.html'), constants.R_OK);
    return null;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return (
      `DIST_DIR: ${distDir} has no readable index.html (${reason}); build the app (npm run build) or set DIST_DIR to ` +
      `the built folder (a relative path is taken from the working directory, here ${process.cwd()})`
    );
  }
}

export async function readSite(distDir: string): Promise<Site> {
  const paths = await listFiles(distDir);
  const present = new Set(paths);
  const files = new Map<string, SiteFile>();
  const pages = new Map<string, string>();
  const htmlPages: string[] = [];
  for (const path of paths) {
    if (/\.(br|gz)$/.test(path) && present.has(path.slice(0, -3))) continue; // a variant, kept with its file
    const urlPath = `/${path.split(sep).join('/')}`;
    const identity = await readFile(join(distDir, path));
    const variant = async (suffix: string) => (present.has(path + suffix) ? readFile(join(distDir, path + suffix)) : undefined);
    files.set(urlPath, siteFile(urlPath, identity, { br: await variant('.br'), gzip: await variant('.gz') }));
    if (urlPath.endsWith('.html')) {
      const route = routeOfHtmlFile(urlPath);
      if (!pages.has(route)) pages.set(route, urlPath); // sorted: register.html before register/index.html
      htmlPages.push(identity.toString('utf8'));
    }
  }
  return { files, pages, ...styleHashesOf(htmlPages) };
}

/** Every file under dir, relative, sorted; hidden files and folders (.vite/) are not part of the site. */
async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
      .filter((path) => !path.split(sep).some((part) => part.startsWith('.')))
      .sort();
  } catch {
    return [];
  }
}
