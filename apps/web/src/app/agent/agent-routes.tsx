import type { ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { CUSTOMER_REGISTER_FLAGS } from '@portal/shared/contracts';
import '../../styles/full.css';
import { lazyPage } from '../../lib/lazy-page';
import { PageTitle, titled } from '../page-title';
import { useAuth } from '../../lib/auth-context';
import { CatchAll, RequireStaff } from '../../features/auth/guards';
import { NAV, NAV_ENTRIES, type NavEntry } from './nav';
import AgentLayout from './agent-layout';
import { AREA_SCREENS } from './screens';
import type { EntryPage } from './screens/types';

/*
 * The staff area's routes under /agent-dashboard, in the area's own chunk: the landing page does not
 * load the sidebar table or the staff screens' names.
 */
const TasksHome = lazyPage(() => import('./tasks-home'));
const ProfilePage = lazyPage(() => import('../../features/auth/profile-page'));
const SettingsPage = lazyPage(() => import('../../features/settings/settings-page'));
const TaskBoardPage: EntryPage = lazyPage(() => import('../../features/tasks/task-board-page'));
const UnderDevelopmentPage: EntryPage = lazyPage(() => import('./under-development-page'));
const RksvInfoPage: EntryPage = lazyPage(() => import('./rksv-info-page'));
const AgentRoutePage: EntryPage = lazyPage(() => import('./agent-route-page'));
/** One customer's page (issue 34): reached from the screens that show a customer, not from the sidebar. */
const CustomerPage = lazyPage(() => import('../../features/customers/customer-page'), ['customers']);

/** Screens by sidebar path; a sidebar route without one shows the spec's "not available yet" notice. */
const AGENT_SCREENS: Partial<Record<string, EntryPage>> = {
  tasks: TaskBoardPage,
  'create-task': lazyPage(() => import('../../features/tasks/create-task-page')),
  'create-agent': lazyPage(() => import('../../features/users/create-agent-page')),
  'knowledge-base': lazyPage(() => import('../../features/knowledge-base/knowledge-base-page')),
  conversations: UnderDevelopmentPage,
  'doc-base': UnderDevelopmentPage,
  rma: UnderDevelopmentPage,
  'goods-receipt': UnderDevelopmentPage,
  'work-confirmation': UnderDevelopmentPage,
  'reorder-goods': UnderDevelopmentPage,
  rksvexternal: RksvInfoPage,
  ...AREA_SCREENS,
};

/**
 * Each sidebar screen's title: its entry, then the entry it is indented under or else its group
 * ("Offen – RKSV Bestellungen", "Übersicht – Kassenbuch").
 */
const TITLES = new Map<string, string[]>();
for (const g of NAV) {
  let parent: NavEntry | undefined;
  for (const e of g.entries) {
    const context = e.level === 2 && parent ? `nav.${parent.label}` : g.label && `nav.groups.${g.label}`;
    TITLES.set(e.path, [`nav.${e.label}`, ...(context ? [context] : [])]);
    if (e.level !== 2) parent = e;
  }
}

/** /agent-dashboard is the task board for a user with the tasks flag, an overview otherwise. */
function HomeTitle() {
  const { user } = useAuth();
  return <PageTitle title={[user?.tasks ? 'nav.tasks' : 'nav.home']} />;
}

function agentRoute(e: NavEntry): RouteObject {
  const guard = (el: ReactNode) => (
    <RequireStaff roles={e.adminOnly ? ['admin'] : undefined} flags={e.flags}>
      {el}
    </RequireStaff>
  );
  const Screen = AGENT_SCREENS[e.path] ?? AgentRoutePage;
  return { path: e.path, element: guard(titled(TITLES.get(e.path) ?? [], <Screen entry={e} />)) };
}

const routes: RouteObject[] = [
  {
    element: (
      <RequireStaff>
        <AgentLayout />
      </RequireStaff>
    ),
    children: [
      // The task board for a user with the tasks flag, the overview of areas otherwise.
      {
        index: true,
        element: (
          <>
            <TasksHome />
            <HomeTitle />
          </>
        ),
      },
      { path: 'profile', element: titled('nav.profile', <ProfilePage />) },
      { path: 'settings', element: titled('nav.settings', <SettingsPage />) },
      ...NAV_ENTRIES.map(agentRoute),
      // The board with one task's modal open (a link to a task); guarded like 'tasks'.
      {
        path: 'tasks/:taskId',
        element: <RequireStaff flags={['tasks']}>{titled('nav.tasks', <TaskBoardPage />)}</RequireStaff>,
      },
      // A customer's page: guarded as its calls are declared (any one of the register's flags).
      {
        path: 'customers/:id',
        element: (
          <RequireStaff anyFlags={CUSTOMER_REGISTER_FLAGS}>{titled('customers.title', <CustomerPage />)}</RequireStaff>
        ),
      },
    ],
  },
  // Unknown paths inside the area go where the app's catch-all sends them.
  { path: '*', element: <CatchAll /> },
];

export default function AgentRoutes() {
  return useRoutes(routes);
}

/**
 * The screen of the address the staff area opens with starts loading with this table, while the session
 * is still being confirmed (the guard waits for that), not after it (docs/figures.md "Staff screens").
 */
function preloadOpenedScreen(pathname: string): void {
  const sub = pathname.replace(/^\/agent-dashboard\/?/, '').replace(/\/$/, '');
  const screen =
    sub === ''
      ? TasksHome
      : sub.startsWith('tasks/')
        ? TaskBoardPage
        : sub.startsWith('customers/')
          ? CustomerPage
          : AGENT_SCREENS[sub];
  const preload = (screen as { preload?: () => Promise<void> } | undefined)?.preload;
  void preload?.().catch(() => undefined);
}
if (typeof window !== 'undefined') preloadOpenedScreen(window.location.pathname);
