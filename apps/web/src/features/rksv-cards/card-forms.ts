import type { z } from 'zod';
import { CARD_STATES, RKSV_CARDS_MSG, toVienna, viennaDay, zonedInstant, type CardState } from '@portal/shared';
import { ApiError } from '../../lib/api';
import { errorCode, errorMessage, fieldErrorsOf } from '../../lib/errors';
import i18n from '../../lib/i18n';
import { translateMessage } from '../../lib/translate-message';
import { stateKey } from './deadline-filters';

/** Each failing field's message (the first issue's catalogue code) in the reader's language; empty when the values pass. */
export function checkFields(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (!(field in out)) out[field] = translateMessage(issue.message);
  }
  return out;
}

/**
 * Where a refused change is said: the server's failing fields that this form shows at the fields
 * (`errors[]` of a 400), anything else (a 409 naming both states, a field the form does not have, no
 * answer) as the dialog's alert, in the reader's language.
 */
export function splitRefusal(
  error: unknown,
  fields: readonly string[],
  fallback: string,
): { fields: Record<string, string>; alert: string | null } {
  const all = fieldErrorsOf(error);
  const mine = Object.fromEntries(Object.entries(all).filter(([k]) => fields.includes(k)));
  if (Object.keys(mine).length > 0) return { fields: mine, alert: null };
  return { fields: {}, alert: refusedMove(error) ?? errorMessage(error, fallback) };
}

const isState = (v: unknown): v is CardState => typeof v === 'string' && (CARD_STATES as readonly string[]).includes(v);

/**
 * The 409 of an impossible move with both states in the reader's words: the server's German sentence
 * names them in German, and its parameters carry their ids (`from_state`, `to_state`) for this.
 */
function refusedMove(error: unknown): string | null {
  if (errorCode(error) !== RKSV_CARDS_MSG.transitionRefused.code || !(error instanceof ApiError)) return null;
  const params = (error.body as { params?: Record<string, unknown> } | undefined)?.params;
  if (!isState(params?.from_state) || !isState(params?.to_state)) return null;
  return i18n.t(RKSV_CARDS_MSG.transitionRefused.code, {
    ns: 'validation',
    from: i18n.t(stateKey(params.from_state)),
    to: i18n.t(stateKey(params.to_state)),
  });
}

const pad = (n: number) => String(n).padStart(2, '0');
const VIENNA = 'Europe/Vienna';

/**
 * Now as the date-time field's value (`yyyy-MM-ddTHH:mm`): Vienna's wall clock, as every date the
 * screens show (DateDisplay), whatever the browser's zone.
 */
export function nowLocal(d = new Date()): string {
  const v = toVienna(d);
  return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}T${pad(v.getHours())}:${pad(v.getMinutes())}`;
}

/** Today in Vienna as the day field's value (`yyyy-MM-dd`). */
export const todayLocal = (d = new Date()) => viennaDay(d);

/** A date-time field's value (Vienna's wall clock) as an instant; what is not a whole date stays as typed, for the schema to refuse. */
export function instantOf(local: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return local;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  return new Date(zonedInstant(VIENNA, y, mo, d, h * 60 + mi)).toISOString();
}

/**
 * A checked day as an instant: today is now (a moment that has passed), an earlier day its noon in
 * Vienna (the day the deadlines count in).
 */
export function dayInstant(day: string, now = new Date()): string {
  if (day === todayLocal(now)) return now.toISOString();
  return instantOf(`${day}T12:00`);
}

/** The dialog's block of open deadlines: where the focus goes after a change moved them (read out, scrolled into view). */
export const DEADLINES_ID = 'card-deadlines-block';

/** After a change: the focus on the deadlines it moved, once React has drawn them (the sending button may be gone). */
export function focusDeadlines(): void {
  requestAnimationFrame(() => {
    const block = document.getElementById(DEADLINES_ID);
    // Whole and in the middle of the dialog (a phone's dialog scrolls; the nearest edge cut its first line).
    block?.focus({ preventScroll: true });
    block?.scrollIntoView({ block: 'center' });
  });
}
