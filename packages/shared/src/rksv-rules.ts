/**
 * Rules of the RKSV order workflow (backoffice.md section 4 "Order workflow", issue 16): the stage of
 * an order, derived and never stored; the Austrian Post tracking link; the RKSV obligations of an
 * activated card (outage reporting under § 17 RKSV, the yearly receipt check).
 */

/** The stages in workflow order; the web's sub-pages (offen, erstellt, …) name them in German. */
export const RKSV_STAGES = ['open', 'created', 'delivery', 'pickup', 'completed'] as const;
export type RksvStage = (typeof RKSV_STAGES)[number];

/** The German path segment of each stage's list page (/agent-dashboard/rksvorders/<segment>). */
export const RKSV_STAGE_PATHS: Record<RksvStage, string> = {
  open: 'offen',
  created: 'erstellt',
  delivery: 'zustellung',
  pickup: 'abholung',
  completed: 'abgeschlossen',
};

/** Payment statuses of the back office (spec section 4) plus the shop's `expired`. */
export const RKSV_PAYMENT_STATUSES = ['paid', 'completed', 'pending', 'failed', 'expired', 'cancelled'] as const;
export type RksvPaymentStatus = (typeof RKSV_PAYMENT_STATUSES)[number];

/** Statuses that count as paid: the order has a stage (`completed` is the spec's second green status). */
export const RKSV_PAID_STATUSES: readonly string[] = ['paid', 'completed'];

export const isPaidStatus = (status: string) => RKSV_PAID_STATUSES.includes(status);

/** What the stage is derived from. */
export interface StageInput {
  payment_status: string;
  /** 1 shipping, 0 pickup */
  delivery: number;
  shipped_at: string | Date | null;
  cards: readonly { cert_done: number; activated_at: string | Date | null }[];
}

/**
 * The stage of an order, or null when it is not paid (pending, failed, expired, cancelled):
 * completed once any card is activated; open while a card lacks its serial number (cert_done 0);
 * created until shipped or ready for pickup; then delivery or pickup by the order's kind.
 * The server's list filter mirrors it in SQL (apps/server/src/modules/rksv-orders/stage-sql.ts);
 * apps/server/test/rksv-orders-stage.test.ts checks that both agree for every stage and status.
 */
export function orderStage(o: StageInput): RksvStage | null {
  if (!isPaidStatus(o.payment_status)) return null;
  if (o.cards.some((c) => c.activated_at !== null)) return 'completed';
  if (o.cards.some((c) => c.cert_done === 0)) return 'open';
  if (o.shipped_at === null) return 'created';
  return o.delivery === 1 ? 'delivery' : 'pickup';
}

/** Serial numbers may be entered until the order leaves (paid and not shipped). */
export const maySetSerials = (o: Pick<StageInput, 'payment_status' | 'shipped_at'>) =>
  isPaidStatus(o.payment_status) && o.shipped_at === null;

/** Cards are activated once the order is shipped or ready for pickup. */
export const mayActivate = (o: StageInput) => {
  const stage = orderStage(o);
  return stage === 'delivery' || stage === 'pickup' || stage === 'completed';
};

/** Austrian Post's tracking page for a parcel number (the spec's "national postal service site"). */
export const POST_AT_TRACKING_URL = 'https://www.post.at/s/sendungsdetails';

export function postTrackingUrl(trackingNumber: string): string {
  return `${POST_AT_TRACKING_URL}?snr=${encodeURIComponent(trackingNumber.trim())}`;
}

/**
 * An Austrian Post parcel number as the staff type it (spaces allowed, any case): 22 digits for a
 * domestic parcel, or the UPU S10 form of international and registered items (two letters, nine
 * digits, two letters: RR123456789AT). Normalised without spaces, in capitals.
 */
export const TRACKING_NUMBER_EXAMPLE = '1234567890123456789012 (22 Ziffern) oder RR123456789AT';
const TRACKING_DOMESTIC_RE = /^\d{22}$/;
const TRACKING_S10_RE = /^[A-Z]{2}\d{9}[A-Z]{2}$/;

export function normalizeTrackingNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function isTrackingNumber(value: string): boolean {
  const v = normalizeTrackingNumber(value);
  return TRACKING_DOMESTIC_RE.test(v) || TRACKING_S10_RE.test(v);
}

/**
 * The serial number of a card's certificate: hexadecimal, as A-Trust and the tax office's portal
 * show it. Spaces and colons between the bytes are allowed when typed; stored without them, in capitals.
 */
export function normalizeCertSerial(value: string): string {
  return value.replace(/[\s:]+/g, '').toUpperCase();
}

export function isCertSerial(value: string): boolean {
  return /^[0-9A-F]+$/.test(normalizeCertSerial(value));
}

/** A serial number and its repeat: both non-blank and equal (spec section 5). */
export function serialPairValid(serial: string, repeat: string): boolean {
  const s = serial.trim();
  return s.length > 0 && s === repeat.trim();
}

/** The longest texts of the order dialog (the server's schemas and the web's counters). */
export const RKSV_OUTAGE_REASON_MAX = 500;
export const RKSV_SERIAL_MAX = 100;
export const RKSV_TRACKING_MAX = 100;
export const RKSV_ACTIVATION_FIELD_MAX = 100;
export const RKSV_AES_KEY_MAX = 200;

const HOUR_MS = 3_600_000;
/** An outage longer than this must be reported to the tax office (§ 17 Abs. 4 RKSV). */
export const OUTAGE_REPORTABLE_HOURS = 48;
/** … within one week of its start. */
export const OUTAGE_REPORT_DAYS = 7;

const ms = (d: string | Date) => new Date(d).getTime();

/**
 * Whether an outage is reportable: it lasted (or, while open, has lasted by `now`) longer than 48 h.
 * The scheduled check (apps/server/src/modules/rksv-orders/outage-check.ts) mirrors it in SQL.
 */
export function outageReportable(
  o: { started_at: string | Date; ended_at: string | Date | null },
  now: Date | number = Date.now(),
): boolean {
  const end = o.ended_at === null ? new Date(now).getTime() : ms(o.ended_at);
  return end - ms(o.started_at) > OUTAGE_REPORTABLE_HOURS * HOUR_MS;
}

/** The reporting deadline of an outage: one week after its start. */
export function outageReportDeadline(startedAt: string | Date): Date {
  return new Date(ms(startedAt) + OUTAGE_REPORT_DAYS * 24 * HOUR_MS);
}

/**
 * The yearly receipt (Jahresbeleg) of a year must be checked by 15 February of the next year. For a
 * card activated at `activatedAt`, the next due date on or after `now` (a card activated in year Y has
 * its first Jahresbeleg for Y, due 15.02.Y+1). Dates are calendar days in Vienna, given as yyyy-MM-dd.
 */
export function jahresbelegDue(activatedAt: string | Date, now: Date | number = Date.now()): string {
  const year = (d: Date) => Number(d.toLocaleString('en-CA', { timeZone: 'Europe/Vienna', year: 'numeric' }));
  const today = new Date(now).toLocaleDateString('en-CA', { timeZone: 'Europe/Vienna' });
  let y = year(new Date(activatedAt)) + 1;
  while (`${y}-02-15` < today) y += 1;
  return `${y}-02-15`;
}
