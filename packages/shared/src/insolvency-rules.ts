/**
 * Rules of the insolvency cases (backoffice.md "Insolvency status"), shared by the month grid and
 * the server. Dates are calendar days in Vienna as `yyyy-MM-dd`.
 */
import { toVienna } from './vienna-time.js';

export const INSOLVENCY_STATUSES = ['active', 'closed', 'permanently_closed'] as const;
export type InsolvencyStatus = (typeof INSOLVENCY_STATUSES)[number];
/** What the two buttons set: 'Beenden' → closed, 'Dauerhaft schließen' → permanently_closed. */
export const INSOLVENCY_CLOSE_STATUSES = ['closed', 'permanently_closed'] as const;
export type InsolvencyCloseStatus = (typeof INSOLVENCY_CLOSE_STATUSES)[number];
/** The customer search of the create dialog starts at this many characters and lists at most 20. */
export const INSOLVENCY_SEARCH_MIN = 2;
export const INSOLVENCY_SEARCH_MAX_ROWS = 20;
/** A search text longer than this is cut (no field it searches is longer). */
export const INSOLVENCY_SEARCH_MAX = 100;
/** The administrator's name (the column's length). */
export const INSOLVENCY_ADMINISTRATOR_MAX = 200;

const pad = (n: number) => String(n).padStart(2, '0');

/** Today in Vienna as yyyy-MM-dd. */
export function insolvencyToday(now: Date = new Date()): string {
  const v = toVienna(now);
  return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
}

export interface YearMonth {
  year: number;
  month: number;
}

const ym = (day: string): YearMonth => ({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) });
const index = (m: YearMonth) => m.year * 12 + (m.month - 1);

/**
 * The months a case takes invoice numbers for: from its start month to its end month, or to the
 * current month while it has no end date; oldest first. Empty when the start lies in a later month.
 */
export function insolvencyMonths(
  startDate: string,
  endDate: string | null,
  today: string = insolvencyToday(),
): YearMonth[] {
  const from = index(ym(startDate));
  const to = index(ym(endDate ?? today));
  const out: YearMonth[] = [];
  for (let i = from; i <= to; i++) out.push({ year: Math.floor(i / 12), month: (i % 12) + 1 });
  return out;
}

/** Whether an invoice number may be stored for that month of the case. */
export function isInsolvencyMonthOpen(
  c: { start_date: string; end_date: string | null },
  m: YearMonth,
  today: string = insolvencyToday(),
): boolean {
  const i = index(m);
  return i >= index(ym(c.start_date)) && i <= index(ym(c.end_date ?? today));
}

/**
 * Which status change a case takes: an active case can be ended or closed for good, an ended one
 * only closed for good; a permanently closed case takes no change at all.
 */
export function canCloseInsolvency(from: InsolvencyStatus, to: InsolvencyCloseStatus): boolean {
  if (from === 'active') return true;
  return from === 'closed' && to === 'permanently_closed';
}
