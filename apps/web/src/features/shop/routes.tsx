import type { RouteObject } from 'react-router';

/** Routes of the RKSV shop (pre-order page and payment result), lazy-loaded. */
export const shopRoutes: RouteObject[] = [
  {
    path: '/rksv',
    lazy: async () => ({ Component: (await import('./rksv-order-page')).default }),
  },
  {
    path: '/rksv/result',
    lazy: async () => ({ Component: (await import('./payment-result-page')).default }),
  },
];
