import { lazyPage } from '../../../lib/lazy-page';
import type { AreaScreens } from './types';

/** Screens of the signage area by sidebar path (lazy), with the signage strings. */
export const signageScreens: AreaScreens = {
  'ds/overview': lazyPage(() => import('../../../features/signage/overview-page'), ['signage']),
  'ds/customers': lazyPage(() => import('../../../features/signage/customers-page'), ['signage', 'signage-plays']),
  'ds/devices': lazyPage(() => import('../../../features/signage/devices-page'), ['signage']),
  'ds/schedules': lazyPage(() => import('../../../features/signage/schedules-page'), ['signage']),
  'ds/content': lazyPage(() => import('../../../features/signage/content-page'), ['signage']),
  'ds/status': lazyPage(() => import('../../../features/signage/status-page'), ['signage']),
};
