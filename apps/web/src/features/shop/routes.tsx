import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

const RksvOrderPage = lazyPage(() => import('./rksv-order-page'), ['shop']);
const PaymentResultPage = lazyPage(() => import('./payment-result-page'), ['shop']);

/** Routes of the RKSV shop (pre-order page and payment result), lazy-loaded. */
export const shopRoutes: RouteObject[] = [
  { path: '/rksv', element: <RksvOrderPage /> },
  { path: '/rksv/result', element: <PaymentResultPage /> },
];
