import { lazyPage } from '../../../lib/lazy-page';
import type { AreaScreens } from './types';

/** Screens of the insolvency area by sidebar path (lazy). */
export const insolvencyScreens: AreaScreens = {
  insolvency: lazyPage(() => import('../../../features/insolvency/insolvency-page'), ['insolvency']),
};
