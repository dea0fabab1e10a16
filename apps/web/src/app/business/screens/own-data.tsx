import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page';
import { titled } from '../../page-title';

/**
 * Routes of the business dashboard over what the provider holds about the customer (overview,
 * orders, invoices, deliveries, support, signature cards, screens, integrations), relative to /business-dashboard.
 * They rank before the generic `:section` route of business-routes.tsx. Each screen loads the
 * area's strings (locales/<lang>/business.json).
 */
const area = ['business'] as const;
const OrdersPage = lazyPage(() => import('../../../features/business/orders-page'), area);
const OrderDetailPage = lazyPage(() => import('../../../features/business/order-detail-page'), area);
const InvoicesPage = lazyPage(() => import('../../../features/business/invoices-page'), area);
const DeliveriesPage = lazyPage(() => import('../../../features/business/deliveries-page'), area);
const SupportPage = lazyPage(() => import('../../../features/business/support-page'), area);
const SupportNewPage = lazyPage(() => import('../../../features/business/support-new-page'), area);
const SupportDetailPage = lazyPage(() => import('../../../features/business/support-detail-page'), area);
const CardsPage = lazyPage(() => import('../../../features/business/cards-page'), area);
// The screens carry the monthly proof-of-play reports (issue 33).
const ScreensPage = lazyPage(() => import('../../../features/business/screens-page'), [...area, 'signage-plays']);
const BusinessSectionPage = lazyPage(() => import('../../../features/business/business-section-page'), area);

const title = (key: string) => [key, 'business.title'];

export const ownDataRoutes: RouteObject[] = [
  { path: 'orders', element: titled(title('business.sections.orders'), <OrdersPage />) },
  { path: 'orders/:id', element: titled(title('business.sections.orders'), <OrderDetailPage />) },
  { path: 'invoices', element: titled(title('business.sections.invoices'), <InvoicesPage />) },
  { path: 'deliveries', element: titled(title('business.sections.deliveries'), <DeliveriesPage />) },
  { path: 'support', element: titled(title('business.sections.support'), <SupportPage />) },
  { path: 'support/new', element: titled(title('businessData.newRequest'), <SupportNewPage />) },
  { path: 'support/:id', element: titled(title('business.sections.support'), <SupportDetailPage />) },
  { path: 'cards', element: titled(title('business.sections.cards'), <CardsPage />) },
  { path: 'screens', element: titled(title('businessData.screens'), <ScreensPage />) },
  {
    path: 'integrations',
    element: titled(title('business.sections.integrations'), <BusinessSectionPage section="integrations" />),
  },
];
