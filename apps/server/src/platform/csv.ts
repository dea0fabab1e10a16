/**
 * CSV for Excel in de-AT, as every export of the portal writes it: semicolons, UTF-8 with a BOM,
 * CRLF. Streams built from these (the cashbook, a campaign, the audit trail) write a batch at a time.
 */

/**
 * One field: quoted when it holds the separator, a quote or a line break; a text a spreadsheet would
 * run as a formula (= + - @ at the start) gets a leading apostrophe. `text: false` for a value the
 * portal wrote itself (a number, a date, a hash): a negative amount stays a number.
 */
export function csvField(value: string | number | null, text = typeof value === 'string'): string {
  if (value === null) return '';
  const s = String(value);
  const v = text && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** The file's first line: the BOM and the header. */
export const csvHeader = (names: readonly string[]): string => `\ufeff${names.join(';')}\r\n`;
