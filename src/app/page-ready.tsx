import { useEffect } from 'react';

/**
 * Marks the page as live once React has hydrated the screen it sits beside (tests wait for it). It sits
 * inside each route's Suspense boundary, because a lazy screen hydrates after the app shell, and it
 * waits a task so that the re-renders hydration schedules (the visitor's own download button first)
 * have committed too.
 */
export function PageReady() {
  useEffect(() => {
    const timer = setTimeout(() => {
      document.documentElement.dataset.hydrated = 'true';
    }, 0);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
