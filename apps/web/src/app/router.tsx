import { lazy, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { CatchAll, ProfileRedirect, RequireCustomer, RequireStaff } from '../features/auth/guards';
import { NAV_ENTRIES, type NavEntry } from '../features/agent/nav';

type PageModule = Promise<{ default: ComponentType }>;

/** Lazy pages: each route is its own chunk, so the landing page loads only what it shows. */
const page = (load: () => PageModule) => async () => ({ Component: (await load()).default });

const AgentLayout = lazy(() => import('../features/agent/agent-layout'));
const BusinessLayout = lazy(() => import('../features/business/business-layout'));

/** Screens built so far, by sidebar path; the other sidebar routes show the spec's notice. */
const AGENT_SCREENS: Partial<Record<string, () => PageModule>> = {};

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
      const Screen = (await load()).default as ComponentType<{ entry?: NavEntry }>;
      return { element: guard(<Screen entry={e} />) };
    },
  };
}

const routes: RouteObject[] = [
  { path: '/', lazy: page(() => import('../features/public/landing-page')) },
  { path: '/login', lazy: page(() => import('../features/auth/login-page')) },
  { path: '/business-login', lazy: page(() => import('../features/auth/business-login-page')) },
  {
    path: '/agent-dashboard',
    element: (
      <RequireStaff>
        <AgentLayout />
      </RequireStaff>
    ),
    children: [
      { index: true, lazy: page(() => import('../features/agent/agent-home')) },
      ...NAV_ENTRIES.map(agentRoute),
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
    ],
  },
  { path: '/profile', element: <ProfileRedirect /> },
  { path: '*', element: <CatchAll /> },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
