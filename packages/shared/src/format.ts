// Numeric patterns only, so no date-fns locale is needed (it would be the bulk of this module's chunk).
import { format, isValid } from 'date-fns';
import { toVienna } from './vienna-time.js';

export interface DateLabels {
  invalid: string;
  missing: string;
}
const GERMAN_DATE_LABELS: DateLabels = { invalid: 'Ungültiges Datum', missing: 'N/A' };

/** dd.MM.yyyy HH:mm in Vienna time; `Ungültiges Datum` for an invalid value, `N/A` for a missing one. */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  labels: DateLabels = GERMAN_DATE_LABELS,
): string {
  if (value === null || value === undefined || value === '') return labels.missing;
  const d = value instanceof Date ? value : new Date(value);
  if (!isValid(d)) return labels.invalid;
  return format(toVienna(d), 'dd.MM.yyyy HH:mm');
}

/** dd.MM.yyyy in Vienna time. */
export function formatDate(
  value: string | number | Date | null | undefined,
  labels: DateLabels = GERMAN_DATE_LABELS,
): string {
  if (value === null || value === undefined || value === '') return labels.missing;
  const d = value instanceof Date ? value : new Date(value);
  if (!isValid(d)) return labels.invalid;
  return format(toVienna(d), 'dd.MM.yyyy');
}
