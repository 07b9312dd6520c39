import { useSyncExternalStore } from 'react';

/*
 * Whether anything that can show a toast has been loaded. The toast container (react-toastify) is mounted only
 * then: the sign-in page shows its errors inline and does not load the toast library (web delivery budget).
 * Toasts raised before the container mounts are queued by react-toastify and shown once it is there.
 */
let needed = false;
const listeners = new Set<() => void>();

/** Called by lib/notify when it is first loaded. */
export function requestToasts(): void {
  if (needed) return;
  needed = true;
  listeners.forEach((listener) => listener());
}

export function useToastsNeeded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => needed,
  );
}
