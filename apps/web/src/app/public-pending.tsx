import type { RouteObject } from 'react-router';

/** Public routes of the spec whose screens are not built yet: the spec's "not available" notice. */
export const publicPending = (path: string, titleKey: string): RouteObject => ({
  path,
  lazy: async () => {
    const { PublicNotAvailable } = await import('../features/public/public-not-available');
    return { element: <PublicNotAvailable titleKey={titleKey} /> };
  },
});
