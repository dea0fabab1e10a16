import { Suspense, useSyncExternalStore } from 'react';
import { lazyPage } from '../lib/lazy-page';
import { subscribeToastRequest, toastContainerRequested } from '../lib/toast-request';

const ToastContainer = lazyPage(() => import('./toast-container'));

/** Mantine's toast container, mounted (and loaded) once a screen that can toast is on the page. */
export function DeferredToasts() {
  const needed = useSyncExternalStore(subscribeToastRequest, toastContainerRequested, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
