import { lazyPage } from '../../../lib/lazy-page';
import type { AreaScreens } from './types';

/** Screens of the sync area by sidebar path (lazy). */
export const syncScreens: AreaScreens = {
  'sync-customers': lazyPage(() => import('../../../features/sync/sync-customers-page'), ['sync']),
};
