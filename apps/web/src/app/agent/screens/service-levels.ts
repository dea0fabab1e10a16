import { lazyPage } from '../../../lib/lazy-page';
import type { AreaScreens } from './types';

/** The admins' service calendars and policies (issue 31). */
export const serviceLevelsScreens: AreaScreens = {
  'service-levels': lazyPage(() => import('../../../features/service-levels/service-levels-page'), ['service-levels']),
};
