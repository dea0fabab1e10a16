import type { z } from 'zod';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { translateMessage } from '../../lib/translate-message';

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
  return { fields: {}, alert: errorMessage(error, fallback) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Now as the date-time field's value (`yyyy-MM-ddTHH:mm`, the browser's zone: the agent types what they see). */
export function nowLocal(d = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Today as the day field's value (`yyyy-MM-dd`, the browser's zone). */
export const todayLocal = (d = new Date()) => nowLocal(d).slice(0, 10);

/** A date-time field's value as an instant; what is not a whole date stays as typed, for the schema to refuse. */
export function instantOf(local: string): string {
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

/**
 * A checked day as an instant: today is now (a moment that has passed), an earlier day its noon (the
 * day stays the same in Vienna whatever the browser's zone).
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
