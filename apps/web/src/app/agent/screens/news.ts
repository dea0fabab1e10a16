import { lazyPage } from '../../../lib/lazy-page';
import type { AreaScreens } from './types';

/** The admins' news screen (issue 21): what business customers read under /business-dashboard/news. */
export const newsScreens: AreaScreens = {
  news: lazyPage(() => import('../../../features/news/news-admin-page'), ['business-records']),
};
