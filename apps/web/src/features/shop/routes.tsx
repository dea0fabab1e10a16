import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';

/**
 * The order page arrives with its prices: the products are fetched beside the page's code (the server
 * also hints the browser to fetch them with the HTML), so the form renders once, complete, instead of
 * rendering empty and again when the prices come.
 */
async function prefetchProducts(): Promise<void> {
  // Rendered at build time the page has no prices (there is no API); the browser fills them in.
  if (import.meta.env.SSR) return;
  const [{ queryClient }, { productsQueryOptions }] = await Promise.all([
    import('../../lib/query-client'),
    import('./api/get-products'),
  ]);
  await queryClient.prefetchQuery(productsQueryOptions());
}

const RksvOrderPage = lazyPage(
  async () => (await Promise.all([import('./rksv-order-page'), prefetchProducts()]))[0],
  ['shop'],
);
const PaymentResultPage = lazyPage(() => import('./payment-result-page'), ['shop', 'public-pages']);

/** Routes of the RKSV shop (pre-order page and payment result), lazy-loaded. */
export const shopRoutes: RouteObject[] = [
  { path: '/rksv', element: <RksvOrderPage /> },
  { path: '/rksv/result', element: <PaymentResultPage /> },
];
