import { createContext, useContext } from 'react';

export type ToastKind = 'info' | 'success' | 'fail' | 'loading';

export const TOAST_DEFAULT_MS = 2000;

export interface ToastApi {
  /** Shows a message, replacing any toast on screen. */
  show: (text: string, options?: { kind?: Exclude<ToastKind, 'loading'>; durationMs?: number }) => void;
  /** Shows a loading toast that blocks every tap until the returned function (or another toast) closes it. */
  loading: (text: string) => () => void;
  hide: () => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it');
  return api;
}
