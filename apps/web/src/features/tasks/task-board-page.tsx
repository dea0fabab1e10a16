import {
  Alert,
  Button,
  Center,
  Chip,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLayoutGrid, IconList, IconPlus } from '@tabler/icons-react';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../components/list-skeleton';
import { MAIN_CONTENT_ID } from '../../components/skip-link';
import { TASK_STATUSES, type TaskBoardView, type TaskStatus } from '@portal/shared';
import { useAuth } from '../../lib/auth-context';
import { formatCount } from '../../lib/format';
import { lazyNamed } from '../../lib/lazy-page';
import { useCountries } from './api/get-countries';
import { useTasks } from './api/get-tasks';
import { useMissedTasksPoll } from './api/get-tasks-since';
import { taskScope } from './api/task-scope';
import { useTaskChanges } from './api/use-task-changes';
import { TaskBoardFilters } from './components/task-board-filters';
import { TaskCard } from './components/task-card';
import { TaskListTable } from './components/task-list-table';
import { parseTaskId } from './task-utils';
import { useUrlFilters } from '../../lib/use-url-filters';
import { BOARD_FILTERS, BOARD_RESETTABLE, BOARD_SEARCH_ID, boardListFilters, hasBoardFilters } from './board-filters';
import { PageHeader } from '../../components/page-header';
import { useBoardView } from './use-board-view';
import './task-board.css';
import { isTypingIn, handlesItsOwnEnter } from './keyboard';

/**
 * The task dialog with its tabs, forms and file drop zone (about 35 KB gzipped, half the board's own code;
 * docs/figures.md "Staff screens"): loaded when the person first points at or tabs into the board, or
 * with a task opened from a link, not before the board is usable.
 */
const TaskModal = lazyNamed(
  () => import('./components/task-modal'),
  (m) => m.TaskModal,
);

const BOARD_PATH = '/agent-dashboard/tasks';

/**
 * The task board (/agent-dashboard, /agent-dashboard/tasks, /agent-dashboard/tasks/:taskId): tabs by
 * status, server-side filters kept in the URL, paging by cursor, live updates (`task_changed`) and a
 * 10-second catch-up poll, the tasks nobody has taken yet, a country switch for admins, and the task
 * modal (opened by a card, by /tasks/:taskId or by ?task=ID). The tasks show as cards or as a compact
 * list (the user's choice, kept on the server); in the list `j`/`k` move between the rows and `Enter`
 * opens one; `/` goes to the search on both.
 */
export default function TaskBoardPage() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { taskId: routeTaskId } = useParams();
  const { values: board, setParam, reset } = useUrlFilters(BOARD_FILTERS);
  const { status, sort, sla, agent, typ, firma, q, unassigned } = board;
  // Keyed by the filter values only: opening a task (another parameter) keeps the list's filters.
  const filters = useMemo(
    () => boardListFilters({ status, sort, sla, agent, typ, firma, q, unassigned }),
    [status, sort, sla, agent, typ, firma, q, unassigned],
  );
  const resetFilters = useCallback(() => reset(BOARD_RESETTABLE), [reset]);

  const userId = user?.id ?? 0;
  const role = user?.role;
  const countryId = user?.country_id ?? null;
  const isAdmin = role === 'admin';
  const chosenCountry = board.country ?? null;
  const scope = useMemo(
    () => taskScope({ id: userId, role: role ?? 'agent', country_id: countryId }, chosenCountry),
    [userId, role, countryId, chosenCountry],
  );
  const countries = useCountries(isAdmin);

  const tasks = useTasks(scope, filters);
  useMissedTasksPoll(scope, filters, tasks.isSuccess);
  useTaskChanges();

  // "Now" for the overdue marks, refreshed every minute.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(id);
  }, []);

  const openTaskId = parseTaskId(routeTaskId) ?? board.task ?? null;
  // Once a task was opened the dialog stays mounted (its close returns the focus to the card).
  const [modalWanted, setModalWanted] = useState(openTaskId !== null);
  if (openTaskId !== null && !modalWanted) setModalWanted(true);
  // The dialog's code comes when the person first points at or tabs into the board, ahead of a click, and
  // the dialog is then mounted closed: opening it later records the opener, so its close returns the focus.
  const preloadModal = useCallback(() => void TaskModal.preload().then(() => setModalWanted(true)), []);
  const [view, setView] = useBoardView(userId);
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const rows = useMemo(() => tasks.data?.pages.flatMap((p) => p.tasks) ?? [], [tasks.data]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);

  const openTask = useCallback(
    (id: number) => {
      const params = new URLSearchParams(location.search);
      params.set('task', String(id));
      navigate({ pathname: routeTaskId ? BOARD_PATH : location.pathname, search: `?${params}` });
    },
    [navigate, location.pathname, location.search, routeTaskId],
  );

  // The task just closed: its card or row takes the focus back when the dialog's own return found nothing.
  const lastClosed = useRef<string | null>(null);
  const closeTask = useCallback(() => {
    const params = new URLSearchParams(location.search);
    lastClosed.current = params.get('task') ?? routeTaskId ?? null;
    params.delete('task');
    const query = params.toString();
    const search = query ? `?${query}` : '';
    navigate({ pathname: routeTaskId ? BOARD_PATH : location.pathname, search }, { replace: true });
  }, [navigate, location.pathname, location.search, routeTaskId]);
  // The dialog gives the focus back to the element that opened it. When that element has gone (the board
  // was refreshed while the task was open, or a notification in a closed panel opened it) the focus fell
  // to the page: then the task's own card or row takes it, else the main content (WCAG 2.4.3). Run once
  // the dialog has left the page, however long its closing took on a busy machine.
  const afterTaskClosed = useCallback(() => {
    const closed = lastClosed.current;
    lastClosed.current = null;
    window.setTimeout(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      const card = closed
        ? document.querySelector<HTMLElement>(`[data-testid="task-card-${closed}"], table [data-task-id="${closed}"]`)
        : null;
      (card ?? document.getElementById(MAIN_CONTENT_ID))?.focus({ preventScroll: true });
    }, 0);
  }, []);

  // A row chosen by the keys: its button takes the focus (a screen reader reads it, Enter opens it,
  // closing the task returns to it) and it scrolls into view.
  const selectRow = useCallback((id: number) => {
    setSelectedId(id);
    const button = tableRef.current?.querySelector<HTMLElement>(`[data-task-id="${id}"]`);
    button?.focus({ preventScroll: true });
    button?.closest('tr')?.scrollIntoView({ block: 'nearest' });
  }, []);
  // `j` on the last loaded row loads the next page and moves on to its first row once it is in.
  const movePastRow = useRef<number | null>(null);
  useEffect(() => {
    const past = movePastRow.current;
    if (past === null) return;
    const at = rows.findIndex((r) => r.id === past);
    if (at >= 0 && at < rows.length - 1) {
      movePastRow.current = null;
      selectRow(rows[at + 1]!.id);
    }
  }, [rows, selectRow]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = tasks;

  // The board's keys, never while typing in a field or with the task open.
  const modalOpen = openTaskId !== null;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || modalOpen || isTypingIn(e.target)) return;
      if (e.key === '/') {
        e.preventDefault();
        document.getElementById(BOARD_SEARCH_ID)?.focus();
        return;
      }
      if (view !== 'list' || rows.length === 0) return;
      if (e.key === 'j' || e.key === 'k') {
        e.preventDefault();
        const at = rows.findIndex((r) => r.id === selectedId);
        if (e.key === 'j' && at === rows.length - 1 && hasNextPage) {
          movePastRow.current = rows[at]!.id;
          if (!isFetchingNextPage) void fetchNextPage();
          return;
        }
        const next = at < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, at + (e.key === 'j' ? 1 : -1)));
        selectRow(rows[next]!.id);
      } else if (e.key === 'Enter' && selectedId !== null && !handlesItsOwnEnter(e.target)) {
        e.preventDefault();
        openTask(selectedId);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [modalOpen, view, rows, selectedId, openTask, selectRow, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (!user) return null;

  const first = tasks.data?.pages[0];
  const total = first?.total ?? 0;
  // Past the server's counting cap the total reads e.g. "1.000+".
  const totalLabel = formatCount(total, i18n.language, first?.totalCapped);

  return (
    <Stack gap="md" onPointerOver={preloadModal} onFocus={preloadModal}>
      <PageHeader title={t('tasks.board.title')}>
        <Button
          component={Link}
          to="/agent-dashboard/create-task"
          leftSection={<IconPlus size={16} />}
          data-testid="board-create-task"
        >
          {t('tasks.board.create')}
        </Button>
      </PageHeader>

      <Group gap="sm" wrap="wrap">
        {isAdmin && (countries.data?.length ?? 0) > 1 && (
          <SegmentedControl
            aria-label={t('tasks.board.country')}
            data={(countries.data ?? []).map((c) => ({
              value: String(c.id),
              label: t(`tasks.board.countryNames.${c.id}`, { defaultValue: c.country_name }),
            }))}
            value={String(scope.countryId)}
            // The own country is the default: it leaves the URL.
            onChange={(v) => setParam('country', Number(v) === (countryId ?? 1) ? null : v)}
            data-testid="board-country"
          />
        )}
        <Chip
          checked={Boolean(filters.unassigned)}
          onChange={(on) => setParam('unassigned', on ? 'true' : null)}
          // The root, not the hidden input, takes the hint and the test id (a click on it toggles).
          wrapperProps={{ title: t('tasks.board.unassignedHint'), 'data-testid': 'board-unassigned' }}
        >
          {t('tasks.board.unassigned')}
        </Chip>
      </Group>

      <Tabs value={filters.status} onChange={(v) => v && setParam('status', v === 'offen' ? null : v)}>
        <Tabs.List>
          {TASK_STATUSES.map((s: TaskStatus) => (
            <Tabs.Tab key={s} value={s} data-testid={`task-tab-${s}`}>
              {t(`tasks.status.${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {/* Empty panels: each tab controls a panel (ARIA); the list below belongs to the active one. */}
        {TASK_STATUSES.map((s) => (
          <Tabs.Panel key={s} value={s} keepMounted>
            {null}
          </Tabs.Panel>
        ))}
      </Tabs>

      <TaskBoardFilters
        countryId={scope.countryId}
        filters={filters}
        firmaText={firma}
        searchText={q}
        hasFilters={hasBoardFilters(board)}
        setParam={setParam}
        resetFilters={resetFilters}
      />

      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid="task-total" data-total={tasks.isSuccess ? total : undefined}>
          {tasks.isSuccess ? t('tasks.board.total', { total: totalLabel, shown: rows.length }) : '\u00a0'}
        </Text>
        <Group gap="sm" wrap="nowrap">
          {tasks.isFetching && !tasks.isFetchingNextPage && tasks.isSuccess && <Loader size="xs" />}
          {view === 'list' && !narrow && (
            <Text size="xs" c="dimmed" data-testid="task-list-keys">
              {t('tasks.list.keys')}
            </Text>
          )}
          <SegmentedControl
            size="xs"
            aria-label={t('tasks.view.label')}
            value={view}
            onChange={(v) => setView(v as TaskBoardView)}
            data={[
              {
                value: 'cards',
                label: (
                  <span className="task-view-label">
                    <IconLayoutGrid size={14} aria-hidden />
                    {t('tasks.view.cards')}
                  </span>
                ),
              },
              {
                value: 'list',
                label: (
                  <span className="task-view-label">
                    <IconList size={14} aria-hidden />
                    {t('tasks.view.list')}
                  </span>
                ),
              },
            ]}
            data-testid="board-view"
          />
        </Group>
      </Group>

      {tasks.isPending ? (
        <ListSkeleton rows={6} />
      ) : tasks.isError ? (
        <Alert color="red" data-testid="tasks-load-error">
          {t('tasks.board.loadError')}
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="tasks-empty">
          {t('tasks.board.empty')}
        </Text>
      ) : view === 'list' ? (
        <TaskListTable
          ref={tableRef}
          tasks={rows}
          now={now}
          selectedId={selectedId}
          onSelect={setSelectedId}
          onOpen={openTask}
          narrow={narrow}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm" data-testid="task-list">
          {rows.map((task) => (
            <TaskCard key={task.id} task={task} now={now} onOpen={openTask} />
          ))}
        </SimpleGrid>
      )}

      {tasks.isFetchNextPageError && (
        <Alert color="red" data-testid="tasks-load-more-error">
          {t('tasks.board.loadError')}
        </Alert>
      )}
      {tasks.hasNextPage && (
        <Center>
          <Button
            variant="light"
            onClick={() => void tasks.fetchNextPage()}
            loading={tasks.isFetchingNextPage}
            data-testid="task-load-more"
          >
            {t('tasks.board.loadMore')}
          </Button>
        </Center>
      )}

      {modalWanted && (
        <Suspense fallback={null}>
          <TaskModal taskId={openTaskId} onClose={closeTask} onClosed={afterTaskClosed} />
        </Suspense>
      )}
    </Stack>
  );
}
