import type { RouteObject } from 'react-router';
import { publicPending } from '../../app/public-pending';

/** Routes of the RKSV shop (pre-order page and payment result), lazy-loaded. */
export const shopRoutes: RouteObject[] = [publicPending('/rksv', 'services.rksv.title')];
