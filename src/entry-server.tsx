import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from './lib/router';
import { App } from './app/app';

/** Renders one route to HTML at build time, waiting for its lazy chunks (see scripts/prerender.mjs). */
export async function renderRoute(url: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
