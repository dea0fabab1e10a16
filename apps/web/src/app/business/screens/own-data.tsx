import type { RouteObject } from 'react-router';

/**
 * Routes of the business dashboard over what the provider holds about the customer (overview,
 * orders, invoices, deliveries, support, screens, integrations), relative to /business-dashboard.
 * They rank before the generic `:section` route of business-routes.tsx.
 */
export const ownDataRoutes: RouteObject[] = [];
