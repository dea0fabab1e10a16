import { lazy, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { CatchAll, ProfileRedirect, RequireCustomer, RequireStaff } from '../features/auth/guards';
import { NAV_ENTRIES, type NavEntry } from '../features/agent/nav';
import { publicFormRoutes } from '../features/public-forms/routes';
import { shopRoutes } from '../features/shop/routes';
import { publicPending } from './public-pending';
import { TaskLinkRedirect } from './task-link-redirect';

type PageModule = Promise<{ default: ComponentType<{ entry?: NavEntry }> }>;

/** Lazy pages: each route is its own chunk, so the landing page loads only what it shows. */
const page = (load: () => PageModule) => async () => ({ Component: (await load()).default });

const AgentLayout = lazy(() => import('../features/agent/agent-layout'));
const BusinessLayout = lazy(() => import('../features/business/business-layout'));

const underDevelopment = () => import('../features/agent/under-development-page');
const rksvInfo = () => import('../features/agent/rksv-info-page');

/** Screens by sidebar path; a sidebar route without one shows the spec's "not available yet" notice. */
const AGENT_SCREENS: Partial<Record<string, () => PageModule>> = {
  tasks: () => import('../features/tasks/task-board-page'),
  'create-task': () => import('../features/tasks/create-task-page'),
  'create-agent': () => import('../features/users/create-agent-page'),
  'knowledge-base': () => import('../features/knowledge-base/knowledge-base-page'),
  conversations: underDevelopment,
  'doc-base': underDevelopment,
  rma: underDevelopment,
  'goods-receipt': underDevelopment,
  'work-confirmation': underDevelopment,
  'reorder-goods': underDevelopment,
  rksvactivations: rksvInfo,
  rksvexternal: rksvInfo,
  rksvexports: rksvInfo,
};

function agentRoute(e: NavEntry): RouteObject {
  const guard = (el: ReactNode) => (
    <RequireStaff roles={e.adminOnly ? ['admin'] : undefined} flags={e.flags}>
      {el}
    </RequireStaff>
  );
  const load = AGENT_SCREENS[e.path] ?? (() => import('../features/agent/agent-route-page'));
  return {
    path: e.path,
    lazy: async () => {
      const Screen = (await load()).default;
      return { element: guard(<Screen entry={e} />) };
    },
  };
}

const routes: RouteObject[] = [
  { path: '/', lazy: page(() => import('../features/public/landing-page')) },
  { path: '/marketing', lazy: page(() => import('../features/public/marketing-page')) },
  { path: '/status', lazy: page(() => import('../features/public/status-page')) },
  { path: '/integration', lazy: page(() => import('../features/public/integration-page')) },
  // The landing cards' names lead to the forms (spec: route names as shown on the cards).
  { path: '/menu', element: <Navigate to="/menuechange" replace /> },
  { path: '/switch-company', element: <Navigate to="/companychange" replace /> },
  { path: '/support', element: <Navigate to="/classic-support" replace /> },
  { path: '/emergency', element: <Navigate to="/emergency-support" replace /> },
  ...publicFormRoutes,
  ...shopRoutes,
  publicPending('/rating/:taskId', 'rating.title'),
  { path: '/login', lazy: page(() => import('../features/auth/login-page')) },
  { path: '/business-login', lazy: page(() => import('../features/auth/business-login-page')) },
  { path: '/set-password', lazy: page(() => import('../features/auth/set-password-page')) },
  { path: '/profile', element: <ProfileRedirect /> },
  // Notification links of the spec: /tasks/{id} opens the task's modal on the board.
  { path: '/tasks/:taskId', element: <TaskLinkRedirect /> },
  {
    path: '/agent-dashboard',
    element: (
      <RequireStaff>
        <AgentLayout />
      </RequireStaff>
    ),
    children: [
      // The task board for a user with the tasks flag, the overview of areas otherwise.
      { index: true, lazy: page(() => import('../features/tasks/tasks-home')) },
      { path: 'profile', lazy: page(() => import('../features/auth/profile-page')) },
      { path: 'settings', lazy: page(() => import('../features/settings/settings-page')) },
      ...NAV_ENTRIES.map(agentRoute),
      // The board with one task's modal open (a link to a task); guarded like 'tasks'.
      {
        path: 'tasks/:taskId',
        lazy: async () => {
          const Board = (await import('../features/tasks/task-board-page')).default;
          return {
            element: (
              <RequireStaff flags={['tasks']}>
                <Board />
              </RequireStaff>
            ),
          };
        },
      },
    ],
  },
  {
    path: '/business-dashboard',
    element: (
      <RequireCustomer>
        <BusinessLayout />
      </RequireCustomer>
    ),
    children: [
      { index: true, lazy: page(() => import('../features/business/business-overview')) },
      { path: 'overview', lazy: page(() => import('../features/business/business-overview')) },
      { path: 'profile', lazy: page(() => import('../features/auth/profile-page')) },
      { path: 'branches/*', element: <Navigate to="/business-dashboard/branches" replace /> },
      { path: ':section', lazy: page(() => import('../features/business/business-section-page')) },
    ],
  },
  { path: '*', element: <CatchAll /> },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
