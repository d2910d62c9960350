import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTopLayer } from '../layer-stack';
import { TOAST_DEFAULT_MS, ToastContext, type ToastApi, type ToastKind } from './toast-context';
import './toast.css';

interface ToastState {
  id: number;
  text: string;
  kind: ToastKind;
}

const BLOCKED_EVENTS = ['click', 'pointerdown', 'pointerup', 'mousedown', 'touchstart', 'keydown', 'submit'] as const;

const subscribeNothing = () => () => undefined;

function swallow(event: Event) {
  if (event instanceof KeyboardEvent && event.key === 'Tab') return;
  event.preventDefault();
  event.stopPropagation();
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const nextId = useRef(0);
  const layer = useTopLayer();
  // False while prerendering and hydrating, so the first render matches HTML that has no toast.
  const mounted = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );

  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setToast(null);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show(text, { kind = 'info', durationMs = TOAST_DEFAULT_MS } = {}) {
        clearTimeout(timer.current);
        const id = ++nextId.current;
        setToast({ id, text, kind });
        timer.current = setTimeout(() => setToast((current) => (current?.id === id ? null : current)), durationMs);
      },
      loading(text) {
        clearTimeout(timer.current);
        const id = ++nextId.current;
        setToast({ id, text, kind: 'loading' });
        return () => setToast((current) => (current?.id === id ? null : current));
      },
      hide,
    }),
    [hide],
  );

  const blocking = toast?.kind === 'loading';
  useEffect(() => {
    if (!blocking) return;
    // Capture on window also stops taps inside top-layer dialogs, which an overlay cannot cover.
    BLOCKED_EVENTS.forEach((type) => window.addEventListener(type, swallow, true));
    return () => BLOCKED_EVENTS.forEach((type) => window.removeEventListener(type, swallow, true));
  }, [blocking]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const view = (
    <>
      {blocking && <div className="toast-blocker" data-testid="toast-blocker" />}
      <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
        {toast && (
          <div key={toast.id} className={`toast toast--${toast.kind}`}>
            {toast.kind === 'loading' && <span className="toast__spinner" aria-hidden="true" />}
            {toast.kind === 'success' && (
              <span className="toast__icon" aria-hidden="true">
                ✓
              </span>
            )}
            {toast.kind === 'fail' && (
              <span className="toast__icon" aria-hidden="true">
                !
              </span>
            )}
            <span className="toast__text">{toast.text}</span>
          </div>
        )}
      </div>
    </>
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {mounted ? createPortal(view, layer ?? document.body) : null}
    </ToastContext.Provider>
  );
}
