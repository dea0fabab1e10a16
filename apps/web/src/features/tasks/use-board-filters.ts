import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { TASK_SORTS, TASK_STATUSES, type TaskSort, type TaskStatus } from '@portal/shared';
import type { TaskListFilters } from './api/get-tasks';
import { parseTaskId } from './task-utils';

/** The board's URL search parameters: tab, filters and sort stay put across reloads and links. */
export const BOARD_PARAMS = {
  status: 'status',
  firma: 'firma',
  agent: 'agent',
  typ: 'typ',
  q: 'q',
  sort: 'sort',
  task: 'task',
  /** Admins: the country whose board is shown (agents always see their own). */
  country: 'country',
  /** `true`: the tasks nobody has taken yet. */
  unassigned: 'unassigned',
} as const;
export type BoardParam = (typeof BOARD_PARAMS)[keyof typeof BOARD_PARAMS];

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : fallback;

export function useBoardFilters() {
  const [params, setParams] = useSearchParams();
  const status: TaskStatus = oneOf(TASK_STATUSES, params.get(BOARD_PARAMS.status), 'offen');
  const sort: TaskSort = oneOf(TASK_SORTS, params.get(BOARD_PARAMS.sort), 'id');
  const firma = params.get(BOARD_PARAMS.firma) ?? '';
  const q = params.get(BOARD_PARAMS.q) ?? '';
  const agentId = parseTaskId(params.get(BOARD_PARAMS.agent)) ?? undefined;
  const typ = parseTaskId(params.get(BOARD_PARAMS.typ)) ?? undefined;
  const unassigned = params.get(BOARD_PARAMS.unassigned) === 'true';
  const countryParam = parseTaskId(params.get(BOARD_PARAMS.country));

  const filters = useMemo<TaskListFilters>(
    () => ({
      status,
      sort,
      agentId,
      typ,
      firma: firma.trim() || undefined,
      q: q.trim() || undefined,
      unassigned: unassigned || undefined,
    }),
    [status, sort, agentId, typ, firma, q, unassigned],
  );

  /** Sets (or, with null or '', removes) one parameter; the other ones stay. */
  const setParam = useCallback(
    (key: BoardParam, value: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const resetFilters = useCallback(
    () =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const k of [
            BOARD_PARAMS.firma,
            BOARD_PARAMS.agent,
            BOARD_PARAMS.typ,
            BOARD_PARAMS.q,
            BOARD_PARAMS.sort,
          ]) {
            next.delete(k);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    filters,
    /** The raw texts of the two free-text filters (as typed, untrimmed). */
    firmaText: firma,
    searchText: q,
    taskParam: params.get(BOARD_PARAMS.task),
    /** The country chosen in the URL (only admins' boards follow it). */
    countryParam,
    hasFilters: Boolean(firma || q || agentId || typ || sort !== 'id'),
    setParam,
    resetFilters,
  };
}
