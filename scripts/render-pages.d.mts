import type { PageSettings } from '@game-register/site-settings';

export interface PrerenderedRoute {
  path: string;
  file: string;
  module: string | null;
}

/** What the SSR bundle (src/entry-server.tsx, built into dist/.ssr/) gives the page renderer. */
export interface PageRenderer {
  renderRoute(url: string, settings: PageSettings): Promise<string>;
  documentTitle(brandName: string): string;
  buildTimeSettings: PageSettings;
  PAGE_SETTINGS_ID: string;
}

export const PRERENDERED_ROUTES: PrerenderedRoute[];

export function darkerShade(hex: string): string;

export function renderPages(input: {
  template: string;
  manifest: Record<string, unknown>;
  readText: (distPath: string) => string;
  renderer: PageRenderer;
  settings: PageSettings;
}): Promise<(PrerenderedRoute & { html: string; appBytes: number })[]>;
export function lighterShade(hex: string, share?: number): string;
