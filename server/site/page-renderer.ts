import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compressBuffer } from './compress-buffer';
import { renderPages, type Manifest, type PageRenderer } from './render-pages';
import type { PageSettings } from '@game-register/site-settings';
import { siteFile, styleHashesOf, type Site } from './built-files';

/** The app's renderer, built by scripts/prerender.ts into dist/ (a hidden folder: never served). */
export const RENDERER_ENTRY = '.ssr/entry-server.js';

/** What the pages are made from: the build's renderer, its bare index.html and its manifest. */
export interface PageSource {
  renderer: PageRenderer;
  template: string;
  manifest: Manifest;
}

/** The build's page source, or null for a dist/ without a renderer (a bare `vite build`): its pages are then served as built. */
export async function loadPageSource(distDir: string, built: Site): Promise<PageSource | null> {
  const entry = join(distDir, RENDERER_ENTRY);
  const index = built.files.get('/index.html');
  if (!existsSync(entry) || !index) return null;
  const renderer = (await import(/* @vite-ignore */ pathToFileURL(entry).href)) as PageRenderer;
  const manifest = JSON.parse(await readFile(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  return { renderer, template: index.identity.toString('utf8'), manifest };
}

/**
 * The built site with its pages rendered from these settings, as the build renders them
 * (server/site/render-pages.ts), each precompressed, and the CSP hashes of the styles they carry.
 */
export async function renderSite(built: Site, { renderer, template, manifest }: PageSource, settings: PageSettings): Promise<Site> {
  const readText = (href: string) => {
    const file = built.files.get(`/${href}`);
    if (!file) throw new Error(`dist/ has no ${href}, which the page needs: rebuild`);
    return file.identity.toString('utf8');
  };
  const files = new Map(built.files);
  const pages = new Map(built.pages);
  for (const page of await renderPages({ template, manifest, readText, renderer, settings })) {
    const urlPath = `/${page.file}`;
    const identity = Buffer.from(page.html, 'utf8');
    files.set(urlPath, siteFile(urlPath, identity, await compressBuffer(identity)));
    pages.set(page.path, urlPath);
  }
  const html = [...files].filter(([path]) => path.endsWith('.html')).map(([, file]) => file.identity.toString('utf8'));
  return { files, pages, ...styleHashesOf(html) };
}
