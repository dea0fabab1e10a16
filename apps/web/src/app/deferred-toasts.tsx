import { Suspense, useSyncExternalStore } from 'react';
import { lazyPage } from './lazy-page';

const ToastContainer = lazyPage(() => import('./toast-container'));

let requested = false;
const listeners = new Set<() => void>();

/** Called when a screen that can show toasts loads (lib/toasts.ts). */
export function requestToastContainer(): void {
  if (requested) return;
  requested = true;
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** Mantine's toast container, mounted (and loaded) once a screen that can toast is on the page. */
export function DeferredToasts() {
  const needed = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
