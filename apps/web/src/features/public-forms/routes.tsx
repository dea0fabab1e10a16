import type { RouteObject } from 'react-router';
import { lazyNamed, lazyPage } from '../../lib/lazy-page';

const AREAS = ['public-forms'] as const;

const DepRequestPage = lazyPage(() => import('./dep-request-page'), AREAS);
const MenuChangePage = lazyPage(() => import('./menu-change-page'), AREAS);
const CompanySwitchPage = lazyPage(() => import('./company-switch-page'), AREAS);
// The support forms show the opening hours and today's status (strings of the public pages).
const SupportRequestPage = lazyNamed(
  () => import('./support-request-page'),
  (m) => m.SupportRequestPage,
  [...AREAS, 'public-pages'],
);

/** Routes of the public request forms (each page lazy-loaded, so the landing page stays small). */
export const publicFormRoutes: RouteObject[] = [
  { path: '/financeexport', element: <DepRequestPage /> },
  { path: '/menuechange', element: <MenuChangePage /> },
  { path: '/companychange', element: <CompanySwitchPage /> },
  { path: '/emergency-support', element: <SupportRequestPage key="emergency" variant="emergency" /> },
  { path: '/classic-support', element: <SupportRequestPage key="classic" variant="classic" /> },
];
