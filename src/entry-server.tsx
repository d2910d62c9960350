import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from './lib/router';
import { App } from './app/app';
import { applySettingsForPrerender, buildTimeSettings } from './config/env';
import type { PageSettings } from '@game-register/site-settings';

export { buildTimeSettings };
export { documentTitle, PAGE_SETTINGS_ID } from '@game-register/site-settings';

/**
 * Renders one route to HTML, waiting for its lazy chunks: at build time with the build's settings
 * (scripts/prerender.ts), and in the server with its deployment's (server/site/), through
 * server/site/render-pages.ts, which renders one page at a time.
 */
export async function renderRoute(url: string, settings: PageSettings = buildTimeSettings): Promise<string> {
  applySettingsForPrerender(settings);
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
