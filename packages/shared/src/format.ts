import { format, isValid } from 'date-fns';
import { de } from 'date-fns/locale';

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
  return format(toVienna(d), 'dd.MM.yyyy HH:mm', { locale: de });
}

/** dd.MM.yyyy in Vienna time. */
export function formatDate(
  value: string | number | Date | null | undefined,
  labels: DateLabels = GERMAN_DATE_LABELS,
): string {
  if (value === null || value === undefined || value === '') return labels.missing;
  const d = value instanceof Date ? value : new Date(value);
  if (!isValid(d)) return labels.invalid;
  return format(toVienna(d), 'dd.MM.yyyy', { locale: de });
}

const moneyFormat = new Intl.NumberFormat('de-AT', { style: 'currency', currency: 'EUR' });

/** Integer cents as de-AT euros, e.g. 15000 -> "€ 150,00". */
export function formatMoney(cents: number): string {
  if (!Number.isInteger(cents)) throw new TypeError(`money must be integer cents, got ${cents}`);
  return moneyFormat.format(cents / 100);
}

/** Bytes as Bytes, KB, MB or GB (1024 steps, German decimal comma). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  let i = 0;
  let v = bytes;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const n = i === 0 ? String(v) : v.toLocaleString('de-AT', { maximumFractionDigits: 2 });
  return `${n} ${units[i]}`;
}

const viennaParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Vienna',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock time in Vienna as a local Date (for formatting and calendar rules only). */
export function toVienna(d: Date): Date {
  const p = Object.fromEntries(viennaParts.formatToParts(d).map((x) => [x.type, x.value]));
  return new Date(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
}
