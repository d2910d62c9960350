import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ROUTES } from '@/config/routes';
import { BrowserRouter } from '@/lib/router';
import { App } from './app';

/** Mounts the app: prerendered pages (scripts/prerender.ts) are hydrated, the bare index.html is rendered. */
export function mountApp(container: HTMLElement) {
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  // The server answers / with the register page's prerendered HTML (server/plugins/static-files.ts): the
  // address becomes /register before hydration, as the router's redirect of / would make it, so both agree.
  const prerendered = container.firstElementChild !== null;
  if (prerendered && window.location.pathname === ROUTES.home) window.history.replaceState(null, '', ROUTES.register);
  // As a transition, hydration works in short slices between which the browser stays responsive (a tap
  // on a part not yet hydrated hydrates that part first), instead of one long task on a slow phone.
  if (prerendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}
