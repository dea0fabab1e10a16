import type { RouteObject } from 'react-router';

/** Routes of the public request forms (each page lazy-loaded, so the landing page stays small). */
export const publicFormRoutes: RouteObject[] = [
  {
    path: '/financeexport',
    lazy: async () => ({ Component: (await import('./dep-request-page')).default }),
  },
  {
    path: '/menuechange',
    lazy: async () => ({ Component: (await import('./menu-change-page')).default }),
  },
  {
    path: '/companychange',
    lazy: async () => ({ Component: (await import('./company-switch-page')).default }),
  },
  {
    path: '/emergency-support',
    lazy: async () => {
      const { SupportRequestPage } = await import('./support-request-page');
      return { element: <SupportRequestPage key="emergency" variant="emergency" /> };
    },
  },
  {
    path: '/classic-support',
    lazy: async () => {
      const { SupportRequestPage } = await import('./support-request-page');
      return { element: <SupportRequestPage key="classic" variant="classic" /> };
    },
  },
];
