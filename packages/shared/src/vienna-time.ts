/** Vienna wall-clock time from the platform's time-zone data (no date library needed). */
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

/** The calendar day of an instant in Vienna, `YYYY-MM-DD`. */
export function viennaDay(at: string | Date): string {
  const v = toVienna(new Date(at));
  const p = (n: number) => String(n).padStart(2, '0');
  return `${v.getFullYear()}-${p(v.getMonth() + 1)}-${p(v.getDate())}`;
}
