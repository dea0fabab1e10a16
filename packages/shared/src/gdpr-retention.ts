/**
 * What an erasure under the GDPR (Art. 17) must keep, and until when (issue 34). § 132 BAO: books,
 * records and vouchers (invoices, the RKSV orders they bill, the cashbook, the insolvency records)
 * are kept seven years, counted from the end of the calendar year they concern. So a record of 2026
 * may go from 1 January 2034: it is kept "until 31.12.2033". Everything else of a customer that no
 * law requires is deleted or anonymised at once (ERASED_KINDS). Pure rules: the server's erasure,
 * its nightly job and the screens read the dates from here.
 */

/** Years after the end of the calendar year (§ 132 Abs. 1 BAO). */
export const RETENTION_YEARS = 7;

/** What an erasure keeps (restricted) until its date, in the order the answer lists them. */
export const RETAINED_KINDS = ['invoices', 'rksv_orders', 'cashbook', 'insolvency'] as const;
export type RetainedKind = (typeof RETAINED_KINDS)[number];

/** What an erasure deletes or anonymises at once, in the order the answer lists them. */
export const ERASED_KINDS = [
  /** The customer record's contact person, e-mail, phone and address. */
  'customer_contact',
  /** Contact person, e-mail, phones, address and UID in the customer's tasks. */
  'task_contacts',
  /** Task descriptions, the customer's messages, the mails' copies, e-mails and phones in titles and notes. */
  'task_texts',
  'task_files',
  /** Mails to the customer's addresses or about the customer's tasks: recipient and text. */
  'mails',
  'rating_comments',
  /** Signage screens' names and locations. */
  'signage_names',
  /** Documents shared with the customer. */
  'documents',
  /** The customer's branches (addresses, phones). */
  'branches',
  /** The customer's accounts: disabled, e-mail and name anonymised, password removed. */
  'user_accounts',
  /** Their sessions, revoked. */
  'sessions',
  /** Earlier data exports (ZIP files). */
  'exports',
  /** RKSV orders never paid and without an invoice: no law keeps them. */
  'unpaid_orders',
  /** The customer's entries in the staff audit trail: their values removed, the chain's digests kept. */
  'audit_values',
] as const;
export type ErasedKind = (typeof ERASED_KINDS)[number];

/** What replaces an erased text (a name, a description, a mail's recipient) where the column must hold one. */
export const ERASED_TEXT = '[DSGVO]';

/** The e-mail address an erased account keeps (unique, never deliverable: `.invalid` is reserved, RFC 2606). */
export const erasedEmail = (userId: number): string => `geloescht-${userId}@dsgvo.invalid`;

/** The last day a record of `year` must be kept: 31 December seven years on (`YYYY-MM-DD`). */
export function retainedUntil(year: number): string {
  if (!Number.isInteger(year)) throw new RangeError(`not a year: ${year}`);
  return `${year + RETENTION_YEARS}-12-31`;
}

/** The calendar year a `retainedUntil` date belongs to (2033-12-31 → 2026). */
export function retentionYearOf(until: string): number {
  return Number(until.slice(0, 4)) - RETENTION_YEARS;
}

/** Whether a record of `year` may go on `today` (a Vienna calendar day, `YYYY-MM-DD`): the day after its date. */
export function mayGo(year: number, today: string): boolean {
  return today > retainedUntil(year);
}

/** The last calendar year whose records may go on `today`: every year up to it is free (2034-01-01 → 2026). */
export function lastFreeYear(today: string): number {
  return Number(today.slice(0, 4)) - RETENTION_YEARS - 1;
}

export interface RetainedCount {
  kind: RetainedKind;
  year: number;
  count: number;
}

export interface RetainedGroup {
  kind: RetainedKind;
  count: number;
  until: string;
}

/**
 * The answer's `retained`: one entry per kind and calendar year still within its seven years on
 * `today`, with its date; kinds in RETAINED_KINDS order, then oldest year first. Counts of the same
 * kind and year are added up; years already free and empty counts are left out.
 */
export function retainedGroups(counts: readonly RetainedCount[], today: string): RetainedGroup[] {
  const sums = new Map<string, RetainedCount>();
  for (const c of counts) {
    if (c.count <= 0 || mayGo(c.year, today)) continue;
    const key = `${c.kind}:${c.year}`;
    const seen = sums.get(key);
    sums.set(key, { ...c, count: (seen?.count ?? 0) + c.count });
  }
  return [...sums.values()]
    .sort((a, b) => RETAINED_KINDS.indexOf(a.kind) - RETAINED_KINDS.indexOf(b.kind) || a.year - b.year)
    .map((c) => ({ kind: c.kind, count: c.count, until: retainedUntil(c.year) }));
}
