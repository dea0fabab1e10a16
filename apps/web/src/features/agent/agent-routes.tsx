import type { ComponentType, ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import '../../styles/full.css';
import { lazyPage } from '../../app/lazy-page';
import { CatchAll, RequireStaff } from '../auth/guards';
import { NAV_ENTRIES, type NavEntry } from './nav';
import AgentLayout from './agent-layout';

/*
 * The staff area's routes under /agent-dashboard, in the area's own chunk: the landing page does not
 * load the sidebar table or the staff screens' names.
 */
type EntryPage = ComponentType<{ entry?: NavEntry }>;

const TasksHome = lazyPage(() => import('../tasks/tasks-home'));
const ProfilePage = lazyPage(() => import('../auth/profile-page'));
const SettingsPage = lazyPage(() => import('../settings/settings-page'));
const TaskBoardPage: EntryPage = lazyPage(() => import('../tasks/task-board-page'));
const UnderDevelopmentPage: EntryPage = lazyPage(() => import('./under-development-page'));
const RksvInfoPage: EntryPage = lazyPage(() => import('./rksv-info-page'));
const AgentRoutePage: EntryPage = lazyPage(() => import('./agent-route-page'));

/** Screens by sidebar path; a sidebar route without one shows the spec's "not available yet" notice. */
const AGENT_SCREENS: Partial<Record<string, EntryPage>> = {
  tasks: TaskBoardPage,
  'create-task': lazyPage(() => import('../tasks/create-task-page')),
  'create-agent': lazyPage(() => import('../users/create-agent-page')),
  'knowledge-base': lazyPage(() => import('../knowledge-base/knowledge-base-page')),
  conversations: UnderDevelopmentPage,
  'doc-base': UnderDevelopmentPage,
  rma: UnderDevelopmentPage,
  'goods-receipt': UnderDevelopmentPage,
  'work-confirmation': UnderDevelopmentPage,
  'reorder-goods': UnderDevelopmentPage,
  rksvactivations: RksvInfoPage,
  rksvexternal: RksvInfoPage,
  rksvexports: RksvInfoPage,
};

function agentRoute(e: NavEntry): RouteObject {
  const guard = (el: ReactNode) => (
    <RequireStaff roles={e.adminOnly ? ['admin'] : undefined} flags={e.flags}>
      {el}
    </RequireStaff>
  );
  const Screen = AGENT_SCREENS[e.path] ?? AgentRoutePage;
  return { path: e.path, element: guard(<Screen entry={e} />) };
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
      { index: true, element: <TasksHome /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'settings', element: <SettingsPage /> },
      ...NAV_ENTRIES.map(agentRoute),
      // The board with one task's modal open (a link to a task); guarded like 'tasks'.
      {
        path: 'tasks/:taskId',
        element: (
          <RequireStaff flags={['tasks']}>
            <TaskBoardPage />
          </RequireStaff>
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
