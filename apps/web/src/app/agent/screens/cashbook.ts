import { lazyPage } from '../../../lib/lazy-page';
import type { AreaScreens } from './types';

/** Screens of the cashbook area by sidebar path (lazy, each with the area's strings). */
export const cashbookScreens: AreaScreens = {
  'cashbook/overview': lazyPage(() => import('../../../features/cashbook/overview-page'), ['cashbook']),
  'cashbook/transactions': lazyPage(() => import('../../../features/cashbook/transactions-page'), ['cashbook']),
  'cashbook/categories': lazyPage(() => import('../../../features/cashbook/categories-page'), ['cashbook']),
  'cashbook/closing': lazyPage(() => import('../../../features/cashbook/closing-page'), ['cashbook']),
  'cashbook/reports': lazyPage(() => import('../../../features/cashbook/reports-page'), ['cashbook']),
  'cashbook/settings': lazyPage(() => import('../../../features/cashbook/settings-page'), ['cashbook']),
};
