/**
 * The cashbook's pure rules (§131 BAO: entries one by one, never altered; a correction is a new
 * entry): amounts typed as `12,50` or `12.50` to integer cents, the balance effect of an entry, the
 * closing figures, and the month rules in Vienna time. No zod here: the form and the server share
 * these through schemas/cashbook.ts.
 */
import { toVienna } from './vienna-time.js';

export const CASHBOOK_TYPES = ['income', 'expense'] as const;
export type CashbookType = (typeof CASHBOOK_TYPES)[number];

/**
 * What an entry's description is: a text as typed, or a reversal, stored as its kind and parameters
 * (the reversed entry's number beside the reason) and worded in the reader's language; never a
 * German sentence built by the server.
 */
export const CASHBOOK_DESCRIPTION_KINDS = ['text', 'reversal'] as const;
export type CashbookDescriptionKind = (typeof CASHBOOK_DESCRIPTION_KINDS)[number];
export interface ReversalParams {
  reversal_of_seq: number;
  reason: string;
}

/** The German wording of an entry's description, for the tax office's exports (CSV, PDF), which stay German. */
export function cashbookDescriptionDe(e: {
  description: string;
  description_kind: CashbookDescriptionKind;
  description_params: ReversalParams | null;
}): string {
  if (e.description_kind === 'reversal' && e.description_params)
    return `Storno zu Nr. ${e.description_params.reversal_of_seq}: ${e.description_params.reason}`;
  return e.description;
}

/**
 * A reversal's description as entries stored it before kinds existed (`Storno zu Nr. 48: Grund`):
 * its parameters, or null. The migration reads old rows the same way (cashbook_reversal_kind).
 */
export function legacyReversalParams(description: string): ReversalParams | null {
  const m = /^Storno zu Nr\. (\d+): ([\s\S]*)$/.exec(description);
  return m ? { reversal_of_seq: Number(m[1]), reason: m[2]! } : null;
}

/** Largest single amount: 10 million euros in cents (the column is a 32-bit integer). */
export const CASHBOOK_AMOUNT_MAX = 1_000_000_000;
/** Starting balance range (it may be negative only in theory; cash cannot be, but a register may start in debt to its safe). */
export const CASHBOOK_STARTING_BALANCE_MAX = 1_000_000_000;
export const CASHBOOK_DESCRIPTION_MAX = 500;
export const CASHBOOK_REASON_MAX = 400;
/** Limits of the other free texts (the forms show them with a counter, the server refuses beyond). */
export const CASHBOOK_INVOICE_MAX = 100;
export const CASHBOOK_NOTES_MAX = 1000;
export const CASHBOOK_CATEGORY_NAME_MAX = 100;
export const CASHBOOK_REGISTER_NAME_MAX = 200;
export const CASHBOOK_REGISTER_ADDRESS_MAX = 500;
/** The list's search text (cut there by the screen, refused beyond by the server). */
export const CASHBOOK_SEARCH_MAX = 200;
export const CASHBOOK_PAGE_DEFAULT = 50;
export const CASHBOOK_PAGE_MAX = 200;
/** The overview's chart: this many months, the current one included (spec: 6 months of history). */
export const CASHBOOK_HISTORY_MONTHS = 6;
/** The overview's table: the newest entries. */
export const CASHBOOK_LATEST = 5;

const AMOUNT = /^(?:(\d{1,3})([.,' ])(\d{3}(?:\2\d{3})*)|(\d+))(?:([.,])(\d{1,2}))?$/;

/**
 * An amount as a person types it, to integer cents: `12,50`, `12.50`, `12`, `1.234,56`, `1,234.56`,
 * `1 234,5`. One or two decimals after the last separator; thousands separators only in groups of
 * three, never the same character as the decimal one, and a point or comma group only with decimals.
 * Null for anything else (letters, three decimals, a minus sign); zero passes here and is refused by
 * the amount rule.
 */
export function parseAmountToCents(text: string): number | null {
  const s = text
    .trim()
    .replace(/\u00a0|\u202f/g, ' ')
    .replace(/^€\s*|\s*€$/g, '');
  const m = AMOUNT.exec(s);
  if (!m) return null;
  const [, head, thousands, groups, plain, decimalSep, decimals] = m;
  if (thousands && decimalSep && thousands === decimalSep) return null;
  // `1.234` or `12,345` alone is ambiguous (a thousands group, or a slip of three decimals): refused,
  // so a mistyped amount is never booked as a thousand times too much. With decimals it is clear.
  if ((thousands === '.' || thousands === ',') && !decimalSep) return null;
  const whole = plain ?? `${head}${groups!.split(thousands!).join('')}`;
  const euros = Number(whole);
  const cents = decimals ? Number(decimals.padEnd(2, '0')) : 0;
  const total = euros * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** Why a typed amount is refused: each names one catalogue entry (schemas/cashbook.ts `AMOUNT_PROBLEM_MSG`). */
export type AmountProblem = 'required' | 'format' | 'ambiguous' | 'decimals' | 'min' | 'tooLarge';

/**
 * The one amount rule of the cashbook, for the form as typed and for the server (a body may send the
 * amount as typed, or in cents): `1.234` alone is ambiguous (a thousands point, or a decimal point
 * with three places), `12,345` has more than two decimals, a minus sign or zero is below the least
 * amount `min` (cents; 1 for an entry, 0 for counted cash), and a thousand times the largest entry is
 * too large. Otherwise the amount in cents (parseAmountToCents).
 */
export function checkAmountText(
  text: string,
  min = 1,
  max = CASHBOOK_AMOUNT_MAX,
): { ok: true; cents: number } | { ok: false; problem: AmountProblem } {
  const s = text
    .trim()
    .replace(/\u00a0|\u202f/g, ' ')
    .replace(/^€\s*|\s*€$/g, '');
  if (s === '') return { ok: false, problem: 'required' };
  if (/^[-\u2212\u2013]\s*\d/.test(s)) return { ok: false, problem: 'min' };
  if (/^\d{1,3}(?:\.\d{3})+$/.test(s)) return { ok: false, problem: 'ambiguous' };
  const cents = parseAmountToCents(s);
  if (cents === null) return { ok: false, problem: /^\d[\d.,' ]*[.,]\d{3,}$/.test(s) ? 'decimals' : 'format' };
  return checkAmountCents(cents, min, max);
}

/** The same rule for an amount already in cents (a body's number). */
export function checkAmountCents(
  cents: number,
  min = 1,
  max = CASHBOOK_AMOUNT_MAX,
): { ok: true; cents: number } | { ok: false; problem: AmountProblem } {
  if (!Number.isFinite(cents)) return { ok: false, problem: 'format' };
  if (!Number.isInteger(cents)) return { ok: false, problem: 'decimals' };
  if (cents < min) return { ok: false, problem: 'min' };
  if (cents > max) return { ok: false, problem: 'tooLarge' };
  return { ok: true, cents };
}

/** Cents as the form shows them for editing: 123456 → `1234,56` (decimal comma, no grouping). */
export function centsToInput(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** What an entry does to the cash: income adds, expense takes away (a reversal carries the negated amount). */
export function balanceEffect(type: CashbookType, amount: number): number {
  return type === 'income' ? amount : -amount;
}

export interface ClosingFigures {
  opening_balance: number;
  total_income: number;
  total_expenses: number;
  closing_balance: number;
  physical_balance: number;
  /** Counted minus booked: negative when cash is missing. */
  difference: number;
}

/** The closing of a month: closing = opening + income − expenses; difference = counted − closing. */
export function computeClosing(input: {
  opening_balance: number;
  total_income: number;
  total_expenses: number;
  physical_balance: number;
}): ClosingFigures {
  const closing_balance = input.opening_balance + input.total_income - input.total_expenses;
  return { ...input, closing_balance, difference: input.physical_balance - closing_balance };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM` of an instant, in Vienna. */
export function cashbookMonthOf(d: Date): string {
  const v = toVienna(d);
  return `${v.getFullYear()}-${pad(v.getMonth() + 1)}`;
}

/** `YYYY-MM` shifted by whole months. */
export function cashbookAddMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const idx = y * 12 + (m - 1) + delta;
  return `${Math.floor(idx / 12)}-${pad((idx % 12) + 1)}`;
}

/** The latest month that may be closed at `now`: the previous calendar month (Vienna), `YYYY-MM`. */
export function latestClosableMonth(now: Date): string {
  return cashbookAddMonths(cashbookMonthOf(now), -1);
}

/**
 * The one month that can be closed at `now` (`YYYY-MM`), or null when every month up to the previous
 * calendar month (Vienna) is closed: the month after the latest closing; with no closing yet, the
 * month of the first entry (a register without entries: the previous month). Months are closed in
 * order without gaps, so each opening balance is the closing balance before it.
 */
export function closableMonth(input: {
  latestClosed: string | null;
  firstEntryMonth: string | null;
  now: Date;
}): string | null {
  const last = latestClosableMonth(input.now);
  const next = input.latestClosed
    ? cashbookAddMonths(input.latestClosed.slice(0, 7), 1)
    : (input.firstEntryMonth?.slice(0, 7) ?? last);
  return next <= last ? next : null;
}

/** A closing's month (`YYYY-MM-01`) may be closed at `now`: not the current month or later. */
export function isClosableMonth(month: string, now: Date): boolean {
  return /^\d{4}-\d{2}-01$/.test(month) && month.slice(0, 7) <= latestClosableMonth(now);
}

/** The last `count` months up to and including the one of `now`, oldest first (`YYYY-MM`). */
export function cashbookLastMonths(now: Date, count: number): string[] {
  const current = cashbookMonthOf(now);
  return Array.from({ length: count }, (_, i) => cashbookAddMonths(current, i - count + 1));
}

/** First and last day (`yyyy-MM-dd`) of a `YYYY-MM` month. */
export function cashbookMonthDays(month: string): { start: string; end: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${pad(last)}` };
}

/** A real calendar day written `yyyy-MM-dd`. */
export function isCashbookDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && y <= 9999 && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** Today in Vienna as `yyyy-MM-dd`. */
export function cashbookToday(now: Date = new Date()): string {
  const v = toVienna(now);
  return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
}

/** `dd.MM.yyyy HH:mm:ss` in Vienna (the transaction table, the export and the report). */
export function formatCashbookDateTime(value: string | Date): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const v = toVienna(d);
  return (
    `${pad(v.getDate())}.${pad(v.getMonth() + 1)}.${v.getFullYear()} ` +
    `${pad(v.getHours())}:${pad(v.getMinutes())}:${pad(v.getSeconds())}`
  );
}

/** Cents with a decimal comma and no currency sign, for the CSV (`-1234,50`): Excel in de-AT reads it as a number. */
export function centsToDecimalComma(cents: number): string {
  return centsToInput(cents);
}
