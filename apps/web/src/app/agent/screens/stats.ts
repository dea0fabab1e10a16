import { lazyPage } from '../../../lib/lazy-page';
import type { AreaScreens } from './types';

/** Screens of the stats area by sidebar path (lazy), with the stats strings. */
export const statsScreens: AreaScreens = {
  tasksoverview: lazyPage(() => import('../../../features/stats/tasks-overview-page'), ['stats']),
  tasksstatistics: lazyPage(() => import('../../../features/stats/tasks-statistics-page'), ['stats']),
};
