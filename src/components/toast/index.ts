export { ToastProvider } from './toast-provider';
export { useToast, TOAST_DEFAULT_MS, type ToastApi, type ToastKind } from './toast-context';
