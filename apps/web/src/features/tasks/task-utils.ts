import { TASK_DESCRIPTION_PREVIEW } from '@portal/shared';

/** The card's description: the first 200 characters, then '...'. */
export function descriptionPreview(text: string, max = TASK_DESCRIPTION_PREVIEW): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** A `datetime-local` value (local wall time, no zone) as an ISO string; '' when empty or invalid. */
export function localDateTimeToIso(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}

/** The id of a route or query parameter, or null. */
export function parseTaskId(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}
