/*
 * Whether a screen that can show toasts has loaded: lib/toasts.ts asks, the shell's DeferredToasts
 * (app/deferred-toasts.tsx) listens and mounts Mantine's toast container then.
 */
let requested = false;
const listeners = new Set<() => void>();

/** Called when a screen that can show toasts loads (lib/toasts.ts). */
export function requestToastContainer(): void {
  if (requested) return;
  requested = true;
  listeners.forEach((l) => l());
}

export const toastContainerRequested = () => requested;

export const subscribeToastRequest = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
