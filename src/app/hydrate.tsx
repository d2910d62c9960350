import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
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
  // As a transition, hydration works in short slices between which the browser stays responsive (a tap
  // on a part not yet hydrated hydrates that part first), instead of one long task on a slow phone.
  if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}
