import { addDays, CARD_DEADLINE_KINDS, daysBetween, type CardDeadlineKind, type CardState } from '@portal/shared';
import { urlParam, type UrlFilterValues } from '../../lib/use-url-filters';
import type { RksvDeadlineFilters } from './api/get-deadlines';

/** The due windows of the list: overdue, within 7, 30 or 90 days, or every deadline ('' = alle). */
export const DUE_WINDOWS = ['overdue', '7', '30', '90', ''] as const;
export type DueWindow = (typeof DUE_WINDOWS)[number];

/**
 * The deadline list's URL parameters: filters stay put across reloads and links; `card` is the open
 * card's dialog, `tab` the admins' card types.
 */
export const DEADLINE_FILTERS = {
  q: urlParam.text(),
  kind: urlParam.oneOf(['', ...CARD_DEADLINE_KINDS] as const, ''),
  due: urlParam.oneOf(DUE_WINDOWS, ''),
  agent: urlParam.id(),
  card: urlParam.id(),
  tab: urlParam.oneOf(['deadlines', 'types'] as const, 'deadlines'),
};
export type DeadlineFilterValues = UrlFilterValues<typeof DEADLINE_FILTERS>;
export const DEADLINE_RESETTABLE = ['q', 'kind', 'due', 'agent'] as const;

/**
 * `due_before` of a window on `today` (Vienna, `YYYY-MM-DD`): a deadline is met on its day, so
 * "überfällig" is every day before today, "7 Tage" today and the next seven.
 */
export function dueBefore(window: DueWindow, today: string): string | undefined {
  if (window === '') return undefined;
  if (window === 'overdue') return addDays(today, -1);
  return addDays(today, Number(window));
}

export function listFilters(v: DeadlineFilterValues, today: string): RksvDeadlineFilters {
  return {
    q: v.q.trim() || undefined,
    kind: v.kind || undefined,
    due_before: dueBefore(v.due, today),
    agent_id: v.agent,
  };
}

/** Days from today to the deadline: negative when it has passed. */
export const daysLeft = (due: string, today: string) => daysBetween(today, due);

/** How urgent a deadline reads: passed (red), within 14 days (orange, the staff's first reminder), later. */
export function urgency(due: string, today: string): 'overdue' | 'soon' | 'later' {
  const n = daysLeft(due, today);
  if (n < 0) return 'overdue';
  return n <= 14 ? 'soon' : 'later';
}


/** Transitions that cannot be undone: confirmed first. */
export const FINAL_TRANSITIONS = new Set(['defective', 'replaced', 'deregistered']);

export const kindKey = (k: CardDeadlineKind) => `rksvOrders.cardDeadline.${k}`;
export const stateKey = (s: CardState) => `rksvOrders.cardState.${s}`;
