import type { RouteObject } from 'react-router';
import { publicPending } from '../../app/public-pending';

/** Routes of the public request forms (each page lazy-loaded). */
export const publicFormRoutes: RouteObject[] = [
  publicPending('/financeexport', 'services.dep.title'),
  publicPending('/menuechange', 'services.menu.title'),
  publicPending('/companychange', 'services.switch.title'),
  publicPending('/emergency-support', 'services.emergency.title'),
  publicPending('/classic-support', 'services.support.title'),
];
