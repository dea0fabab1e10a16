import { isValidElement, type ReactNode } from 'react';
import { BrowserRouter, matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { CatchAll, ProfileRedirect } from '../features/auth/guards';
import { publicFormRoutes } from '../features/public-forms/routes';
import { shopRoutes } from '../features/shop/routes';
import { ALL_AREAS, STAFF_AREAS } from '../lib/i18n';
import { lazyPage } from '../lib/lazy-page';
import { TaskLinkRedirect } from './task-link-redirect';
import { titled } from './page-title';

/*
 * The declarative router (BrowserRouter + useRoutes) rather than the data router: no screen uses
 * loaders or actions, and the data router's code doubled the router's share of the landing page.
 * Every screen is a lazy component (its own chunk); navigations run in a transition.
 */
const PUBLIC_PAGES = ['public-pages'] as const;
const QueryLayout = lazyPage(() => import('./query-layout'));
// The business area loads every area's strings (its screens show the opening hours, the services and the
// public forms' texts beside tasks and requests); the staff area those of its own screens.
const AgentRoutes = lazyPage(() => import('./agent/agent-routes'), STAFF_AREAS);
const BusinessRoutes = lazyPage(() => import('./business/business-routes'), ALL_AREAS);
const LandingPage = lazyPage(() => import('../features/public/landing-page'), PUBLIC_PAGES);
const MarketingPage = lazyPage(() => import('../features/public/marketing-page'), PUBLIC_PAGES);
const StatusPage = lazyPage(() => import('../features/public/status-page'), PUBLIC_PAGES);
const IntegrationPage = lazyPage(() => import('../features/public/integration-page'), PUBLIC_PAGES);
const LegalPage = lazyPage(() => import('../features/public/legal-page'), ['legal']);
const LoginPage = lazyPage(() => import('../features/auth/login-page'));
const BusinessLoginPage = lazyPage(() => import('../features/auth/business-login-page'));
const SetPasswordPage = lazyPage(() => import('../features/auth/set-password-page'), PUBLIC_PAGES);
const RatingPage = lazyPage(() => import('../features/ratings/rating-page'), ['ratings']);
// The signage screen's full-screen player (no site layout, no session: the device key instead).
const SignagePlayerPage = lazyPage(() => import('../features/signage/player/player-page'), ['signage']);

/**
 * Each public screen's title (i18n key of the screen's area; see page-title.tsx). The staff and
 * business areas title their screens in their own route tables. The prerendered pages take theirs
 * from here too (entry-prerender.tsx).
 */
export const PAGE_TITLES: Record<string, string> = {
  '/': 'landing.title',
  '/marketing': 'marketing.title',
  '/integration': 'services.integration.title',
  '/financeexport': 'publicForms.dep.title',
  '/menuechange': 'publicForms.menu.title',
  '/companychange': 'publicForms.switch.title',
  '/emergency-support': 'publicForms.emergency.title',
  '/classic-support': 'publicForms.support.title',
  '/rating/:taskId': 'rating.title',
  '/login': 'login.title',
  '/business-login': 'login.businessSubtitle',
  '/status': 'status.title',
  '/rksv': 'shop.title',
  '/rksv/result': 'shop.result.title',
  '/set-password': 'setPassword.title',
  '/impressum': 'legal.imprint.title',
  '/datenschutz': 'legal.privacy.title',
  '/agb': 'legal.terms.title',
};

/** The route table with each titled route's element followed by its title. */
function withTitles(table: RouteObject[]): RouteObject[] {
  return table.map((r) => {
    const key = r.path ? PAGE_TITLES[r.path] : undefined;
    const children = r.children && withTitles(r.children);
    return { ...r, ...(children && { children }), ...(key && { element: titled(key, r.element) }) } as RouteObject;
  });
}

const routes: RouteObject[] = withTitles([
  { path: '/', element: <LandingPage /> },
  { path: '/marketing', element: <MarketingPage /> },
  { path: '/integration', element: <IntegrationPage /> },
  // The landing cards' names lead to the forms (spec: route names as shown on the cards).
  { path: '/menu', element: <Navigate to="/menuechange" replace /> },
  { path: '/switch-company', element: <Navigate to="/companychange" replace /> },
  { path: '/support', element: <Navigate to="/classic-support" replace /> },
  { path: '/emergency', element: <Navigate to="/emergency-support" replace /> },
  ...publicFormRoutes,
  // The public customer rating (no sign-in): three steps, a call each.
  { path: '/rating/:taskId', element: <RatingPage /> },
  { path: '/ds/player', element: <SignagePlayerPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/business-login', element: <BusinessLoginPage /> },
  { path: '/profile', element: <ProfileRedirect /> },
  // Notification links of the spec: /tasks/{id} opens the task's modal on the board.
  { path: '/tasks/:taskId', element: <TaskLinkRedirect /> },
  // The screens that read the API through TanStack Query, under its lazily loaded provider.
  {
    element: <QueryLayout />,
    children: [
      { path: '/status', element: <StatusPage /> },
      // Imprint, privacy notice and terms, with the seller from the configuration (GET /web/site-info).
      { path: '/impressum', element: <LegalPage doc="imprint" /> },
      { path: '/datenschutz', element: <LegalPage doc="privacy" /> },
      { path: '/agb', element: <LegalPage doc="terms" /> },
      ...shopRoutes,
      { path: '/set-password', element: <SetPasswordPage /> },
      { path: '/agent-dashboard/*', element: <AgentRoutes /> },
      { path: '/business-dashboard/*', element: <BusinessRoutes /> },
    ],
  },
  { path: '*', element: <CatchAll /> },
]);

/** The lazy screens in an element as the route table writes it (a screen, or one wrapped with its title). */
function lazyScreensIn(node: ReactNode, found: (() => Promise<void>)[]): void {
  if (Array.isArray(node)) node.forEach((n) => lazyScreensIn(n as ReactNode, found));
  if (!isValidElement(node)) return;
  const preload = (node.type as { preload?: () => Promise<void> }).preload;
  if (preload) found.push(preload);
  lazyScreensIn((node.props as { children?: ReactNode }).children, found);
}

/**
 * Loads the code of every lazy screen the route of `path` shows (the layout route above it too),
 * so that a prerendered page is taken over with nothing left to load (main.tsx).
 */
export async function preloadRoute(path: string): Promise<void> {
  const found: (() => Promise<void>)[] = [];
  for (const m of matchRoutes(routes, path) ?? []) lazyScreensIn(m.route.element, found);
  await Promise.all(found.map((preload) => preload()));
}

/** The routes without a router around them: the browser's below, a static one when prerendering. */
export function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

// The staff area's code (the server-state layout and the area's route table) starts loading with the app,
// beside the session check and the strings, rather than one after the other (docs/figures.md "Staff
// screens"). Public pages keep their own order (main.tsx, public/boot.js).
if (typeof window !== 'undefined' && window.location.pathname.startsWith('/agent-dashboard'))
  void preloadRoute(window.location.pathname).catch(() => undefined);
