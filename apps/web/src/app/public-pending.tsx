import type { RouteObject } from 'react-router';
import { lazyNamed } from '../lib/lazy-page';

const PublicNotAvailable = lazyNamed(
  () => import('../features/public/public-not-available'),
  (m) => m.PublicNotAvailable,
);

/** Public routes of the spec whose screens are not built yet: the spec's "not available" notice. */
export const publicPending = (path: string, titleKey: string): RouteObject => ({
  path,
  element: <PublicNotAvailable titleKey={titleKey} />,
});
