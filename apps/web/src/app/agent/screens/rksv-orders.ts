import { lazyPage } from '../../../lib/lazy-page';
import type { AreaScreens, EntryPage } from './types';

/** Screens of the rksv-orders area by sidebar path (lazy): the orders list (its five stage pages share it) and `rk`. */
const OrdersPage: EntryPage = lazyPage(() => import('../../../features/rksv-orders/orders-page'), ['rksv-orders']);

export const rksvOrdersScreens: AreaScreens = {
  rk: lazyPage(() => import('../../../features/rksv-orders/stats-page'), ['rksv-orders']),
  rksvorders: OrdersPage,
  'rksvorders/offen': OrdersPage,
  'rksvorders/erstellt': OrdersPage,
  'rksvorders/zustellung': OrdersPage,
  'rksvorders/abholung': OrdersPage,
  'rksvorders/abgeschlossen': OrdersPage,
};
