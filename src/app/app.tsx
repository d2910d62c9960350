import { useEffect } from 'react';
import { AppRoutes } from './router';

/** Marks the page as live once React has taken over the prerendered HTML (tests wait for it). */
function HydratedMark() {
  useEffect(() => {
    // After a task: the re-renders that hydration schedules for browser-only values (the visitor's own
    // download button first) have committed by then.
    const timer = setTimeout(() => {
      document.documentElement.dataset.hydrated = 'true';
    }, 0);
    return () => clearTimeout(timer);
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
