import { useSyncExternalStore } from 'react';

/**
 * Open modal <dialog>s, innermost last. A modal dialog makes the rest of the page inert and sits in the
 * top layer, so anything that must stay visible and announced (toasts) renders into the top one.
 */
const stack: HTMLElement[] = [];
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((listener) => listener());
}

export function pushLayer(element: HTMLElement) {
  stack.push(element);
  emit();
}

export function removeLayer(element: HTMLElement) {
  const index = stack.lastIndexOf(element);
  if (index === -1) return;
  stack.splice(index, 1);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const top = () => stack[stack.length - 1] ?? null;

export function useTopLayer(): HTMLElement | null {
  return useSyncExternalStore(subscribe, top, () => null);
}
