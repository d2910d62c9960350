import { lazy, Suspense, useEffect, useState } from 'react';

// A failed chunk load must not break the screen: the puzzle is closed here anyway.
const PuzzleCaptcha = lazy(() =>
  import('@game-register/puzzle-captcha').then((module) => ({ default: module.PuzzleCaptcha })).catch(() => ({ default: () => null })),
);

/** True once the browser is idle after the first paint (or shortly after, where idle callbacks are missing). */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const done = () => setReady(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(done, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(done, 200);
    return () => window.clearTimeout(id);
  }, []);
  return ready;
}

/** The download screen mounts the puzzle and it stays closed; loaded late so it never delays the screen. */
export function ClosedPuzzle() {
  const ready = useAfterFirstPaint();
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <PuzzleCaptcha show={false} />
    </Suspense>
  );
}
