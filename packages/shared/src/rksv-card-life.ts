/**
 * The life of a signature card after its order (issue 32): one state derived from the card's dates, the
 * transitions staff may make, and the next legal deadline of the customer (registration in FinanzOnline,
 * the start receipt, the yearly receipt by 15 February, an outage report under § 17 RKSV, renewal before
 * the certificate runs out, replacement of a card type that loses its approval).
 *
 * The state is derived and never stored, as an order's stage is (`orderStage`); the server's SQL mirror
 * (apps/server/src/modules/rksv-orders/card-state-sql.ts) is tested against `cardState`. The next deadline
 * is stored on the card (`next_deadline_at`, `next_deadline_kind`) by every transaction that changes one of
 * its inputs, so the staff's work list reads an index.
 *
 * Days are calendar days in Vienna (`YYYY-MM-DD`): a deadline is met on its day.
 */
import { viennaDay } from './vienna-time.js';

export const CARD_STATES = [
  'ordered',
  'serial_entered',
  'delivered',
  'activated',
  'registered',
  'in_use',
  'outage',
  'expiring',
  'replaced',
  'expired',
  'deregistered',
  'defective',
] as const;
export type CardState = (typeof CARD_STATES)[number];

/** The German name of each state, as messages and the German screens write it. */
export const CARD_STATE_DE: Record<CardState, string> = {
  ordered: 'Bestellt',
  serial_entered: 'Seriennummer erfasst',
  delivered: 'Zugestellt',
  activated: 'Aktiviert',
  registered: 'Registriert',
  in_use: 'In Betrieb',
  outage: 'Ausfall',
  expiring: 'Läuft ab',
  replaced: 'Ersetzt',
  expired: 'Abgelaufen',
  deregistered: 'Abgemeldet',
  defective: 'Defekt',
};

export const CARD_DEADLINE_KINDS = [
  'registration',
  'startbeleg',
  'jahresbeleg',
  'outage_report',
  'renewal',
  'replacement',
] as const;
export type CardDeadlineKind = (typeof CARD_DEADLINE_KINDS)[number];

/** A certificate is valid this long from activation unless the card says otherwise (backoffice.md). */
export const CARD_VALID_YEARS = 5;
/** A card within this many days of `valid_until` is `expiring`, and its renewal is due then. */
export const CARD_EXPIRING_DAYS = 90;
/** Registration in FinanzOnline: within a week of putting the card into service. */
export const CARD_REGISTRATION_DAYS = 7;
/**
 * The start receipt is checked (BMF Belegcheck) right after the registration; the regulation says
 * "unverzüglich", which this portal holds to the same week as the registration.
 */
export const CARD_STARTBELEG_DAYS = 7;
/** The staff are reminded this many days before a deadline, the customer these. */
export const STAFF_REMINDER_DAYS = [14, 3] as const;
export const CUSTOMER_REMINDER_DAYS = [30, 7] as const;
/** Deadline kinds the customer is mailed about. */
export const CUSTOMER_REMINDED_KINDS: readonly CardDeadlineKind[] = ['jahresbeleg', 'renewal', 'replacement'];

const HOUR_MS = 3_600_000;
const REPORTABLE_MS = 48 * HOUR_MS;
const REPORT_DAYS = 7;

type When = string | Date;

/** A calendar day moved by whole days (no time zone involved: days are days). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A calendar day moved by whole years; 29 February becomes 28 February in a common year. */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, d));
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** An outage as the rules read it. */
export interface CardOutage {
  started_at: When;
  ended_at: When | null;
  reported_at?: When | null;
}

/** What a card's state and deadlines are derived from. */
export interface CardLife {
  /** 1 once the serial number is entered. */
  cert_done: number;
  /** The order left (shipped, or ready for pickup). */
  shipped_at: When | null;
  activated_at: When | null;
  registered_at: When | null;
  startbeleg_checked_at: When | null;
  deregistered_at: When | null;
  defective_at: When | null;
  /** Set by the transition to `replaced` (or the replacement card's activation, with `replaced_by_card_id`). */
  replaced_at: When | null;
  /** `YYYY-MM-DD`; null reads as activation + 5 years. */
  valid_until: string | null;
  /** The last year whose Jahresbeleg was checked, or null. */
  jahresbeleg_year: number | null;
  /** The day the card's type loses its approval, or null. */
  approval_ends: string | null;
}

/** The day the certificate runs out: as set, else five years after activation; null before activation. */
export function cardValidUntil(c: Pick<CardLife, 'valid_until' | 'activated_at'>): string | null {
  if (c.valid_until) return c.valid_until;
  return c.activated_at ? addYears(viennaDay(c.activated_at), CARD_VALID_YEARS) : null;
}

/**
 * The state of a card at `now`. The end states first (deregistered, replaced, defective), then the
 * certificate's clock (expired), an open outage, the coming expiry, and the steps of its start.
 */
export function cardState(c: CardLife & { open_outage: boolean }, now: When = new Date()): CardState {
  if (c.deregistered_at) return 'deregistered';
  if (c.replaced_at) return 'replaced';
  if (c.defective_at) return 'defective';
  if (c.activated_at) {
    const today = viennaDay(now);
    const until = cardValidUntil(c)!;
    if (until < today) return 'expired';
    if (c.open_outage) return 'outage';
    if (addDays(until, -CARD_EXPIRING_DAYS) <= today) return 'expiring';
    if (c.startbeleg_checked_at) return 'in_use';
    if (c.registered_at) return 'registered';
    return 'activated';
  }
  if (c.shipped_at && c.cert_done === 1) return 'delivered';
  if (c.cert_done === 1) return 'serial_entered';
  return 'ordered';
}

/**
 * The states a card may move to from each state. `serial_entered`, `delivered` and `activated` are
 * reached through the order's own calls (serial number, shipping or pickup, activation); `expiring` and
 * `expired` by the calendar; the rest by `POST /api/rksv-card-transition`.
 */
export const CARD_TRANSITIONS: Record<CardState, readonly CardState[]> = {
  ordered: ['serial_entered'],
  serial_entered: ['delivered'],
  delivered: ['activated', 'defective'],
  activated: ['registered', 'defective', 'replaced'],
  registered: ['in_use', 'defective', 'replaced', 'deregistered'],
  in_use: ['outage', 'expiring', 'defective', 'replaced', 'deregistered'],
  outage: ['in_use', 'defective', 'replaced'],
  expiring: ['outage', 'replaced', 'expired', 'defective', 'deregistered'],
  expired: ['deregistered', 'replaced'],
  replaced: ['deregistered'],
  defective: ['replaced', 'deregistered'],
  deregistered: [],
};

/** The states `POST /api/rksv-card-transition` moves a card to (the others have their own calls or the calendar). */
export const CARD_TRANSITION_TARGETS = [
  'registered',
  'in_use',
  'outage',
  'defective',
  'replaced',
  'deregistered',
] as const;
export type CardTransitionTarget = (typeof CARD_TRANSITION_TARGETS)[number];

export function mayTransition(from: CardState, to: CardState): boolean {
  return CARD_TRANSITIONS[from].includes(to);
}

/** The targets of the transition call open to a card in `from` (the buttons a screen shows). */
export function transitionsFrom(from: CardState): CardTransitionTarget[] {
  return CARD_TRANSITION_TARGETS.filter((t) => mayTransition(from, t));
}

/** An outage counts for the report once it lasted (or, still open, has lasted by `now`) more than 48 hours. */
function outageReportDue(o: CardOutage, now: When): string | null {
  if (o.reported_at) return null;
  const end = o.ended_at === null ? new Date(now).getTime() : new Date(o.ended_at).getTime();
  if (end - new Date(o.started_at).getTime() <= REPORTABLE_MS) return null;
  return addDays(viennaDay(o.started_at), REPORT_DAYS);
}

export interface CardDeadline {
  kind: CardDeadlineKind;
  /** The last day to act, `YYYY-MM-DD` (Vienna). */
  due: string;
}

/**
 * Every deadline a card has at `now`, earliest first (on a tie the order of `CARD_DEADLINE_KINDS`). None
 * before activation, none once the card is replaced, expired or deregistered; a defective card must be
 * replaced now.
 */
export function cardDeadlines(c: CardLife, outages: readonly CardOutage[], now: When = new Date()): CardDeadline[] {
  const state = cardState({ ...c, open_outage: outages.some((o) => o.ended_at === null) }, now);
  if (!c.activated_at || state === 'replaced' || state === 'expired' || state === 'deregistered') return [];
  const out: CardDeadline[] = [];
  if (state === 'defective') return [{ kind: 'replacement', due: viennaDay(c.defective_at!) }];
  if (!c.registered_at)
    out.push({ kind: 'registration', due: addDays(viennaDay(c.activated_at), CARD_REGISTRATION_DAYS) });
  else if (!c.startbeleg_checked_at)
    out.push({ kind: 'startbeleg', due: addDays(viennaDay(c.registered_at), CARD_STARTBELEG_DAYS) });
  // The Jahresbeleg of year Y (the December receipt) is checked by 15 February of Y + 1, from the year of
  // activation on; the oldest year not yet checked is the one due.
  const firstYear = Number(viennaDay(c.activated_at).slice(0, 4));
  const year = Math.max(firstYear, (c.jahresbeleg_year ?? 0) + 1);
  out.push({ kind: 'jahresbeleg', due: `${year + 1}-02-15` });
  for (const o of outages) {
    const due = outageReportDue(o, now);
    if (due) out.push({ kind: 'outage_report', due });
  }
  out.push({ kind: 'renewal', due: addDays(cardValidUntil(c)!, -CARD_EXPIRING_DAYS) });
  if (c.approval_ends) out.push({ kind: 'replacement', due: c.approval_ends });
  return out.sort(
    (a, b) => a.due.localeCompare(b.due) || CARD_DEADLINE_KINDS.indexOf(a.kind) - CARD_DEADLINE_KINDS.indexOf(b.kind),
  );
}

/** The most urgent deadline, or null. */
export function nextCardDeadline(
  c: CardLife,
  outages: readonly CardOutage[],
  now: When = new Date(),
): CardDeadline | null {
  return cardDeadlines(c, outages, now)[0] ?? null;
}

/**
 * The last year whose Jahresbeleg exists at `now`: the Jahresbeleg is the December receipt, made at the
 * year's end, so this year's exists from 31 December on (Vienna) and is checked by 15 February.
 */
export function lastJahresbelegYear(now: When = new Date()): number {
  const today = viennaDay(now);
  const year = Number(today.slice(0, 4));
  return today.endsWith('-12-31') ? year : year - 1;
}

/** The Jahresbeleg years a card may have checked by `now`: from its activation year to the last one made. */
export function jahresbelegYearValid(activatedAt: When, year: number, now: When = new Date()): boolean {
  const first = Number(viennaDay(activatedAt).slice(0, 4));
  return year >= first && year <= lastJahresbelegYear(now);
}

/** A year's Jahresbeleg can be checked from the day it is made (31 December of that year) on. */
export function jahresbelegCheckedInTime(year: number, checkedAt: When): boolean {
  return viennaDay(checkedAt) >= `${year}-12-31`;
}
