import { SLA_BOARD_FILTERS, TASK_SORTS, TASK_STATUSES } from '@portal/shared';
import { urlParam, type UrlFilterValues } from '../../lib/use-url-filters';
import type { TaskListFilters } from './api/get-tasks';

/** The search field's id: `/` on the board goes there. */
export const BOARD_SEARCH_ID = 'task-board-search';

/** The board's URL search parameters: tab, filters and sort stay put across reloads and links. */
export const BOARD_FILTERS = {
  status: urlParam.oneOf(TASK_STATUSES, 'offen'),
  sort: urlParam.oneOf(TASK_SORTS, 'id'),
  /** `warning` or `breached`: only tasks whose service-level deadline is near or passed ('' = all). */
  sla: urlParam.oneOf(['', ...SLA_BOARD_FILTERS], ''),
  firma: urlParam.text(),
  agent: urlParam.id(),
  typ: urlParam.id(),
  q: urlParam.text(),
  /** The task whose modal is open. */
  task: urlParam.id(),
  /** Admins: the country whose board is shown (agents always see their own). */
  country: urlParam.id(),
  /** `true`: the tasks nobody has taken yet. */
  unassigned: urlParam.flag(),
};
export type BoardParam = keyof typeof BOARD_FILTERS;
export type BoardValues = UrlFilterValues<typeof BOARD_FILTERS>;

/** What "Filter zurücksetzen" clears: tab, country, unassigned and the open task stay. */
export const BOARD_RESETTABLE: readonly BoardParam[] = ['firma', 'agent', 'typ', 'q', 'sort', 'sla'];

export function hasBoardFilters(v: BoardValues): boolean {
  return Boolean(v.firma || v.q || v.agent || v.typ || v.sla || v.sort !== 'id');
}

/** The list call's filters: free texts trimmed, empty ones left out. */
export function boardListFilters(
  v: Pick<BoardValues, 'status' | 'sort' | 'sla' | 'agent' | 'typ' | 'firma' | 'q' | 'unassigned'>,
): TaskListFilters {
  return {
    status: v.status,
    sort: v.sort,
    sla: v.sla || undefined,
    agentId: v.agent,
    typ: v.typ,
    firma: v.firma.trim() || undefined,
    q: v.q.trim() || undefined,
    unassigned: v.unassigned || undefined,
  };
}
