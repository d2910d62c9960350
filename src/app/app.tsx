import { useEffect } from 'react';
import { AppRoutes } from './router';

/** Marks the page as live once React has taken over the prerendered HTML (tests wait for it). */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** The same tree for prerendering and for the browser, so hydration (and useId) match exactly. */
export function App() {
  return (
    <>
      <AppRoutes />
      <HydratedMark />
    </>
  );
}
