import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from '@/lib/router';
import { App } from './app';

/** Mounts the app: prerendered pages (scripts/prerender.mjs) are hydrated, the bare index.html is rendered. */
export function mountApp(container: HTMLElement) {
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}
