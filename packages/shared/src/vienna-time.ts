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

const HOUR_MS = 3_600_000;
/**
 * Vienna's offset from UTC per UTC hour (ms): it changes only on the hour (the DST switches at 01:00
 * UTC), so one `formatToParts` per hour seen serves every instant in it; the nightly job reads millions.
 */
const offsets = new Map<number, number>();

function viennaOffset(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const p = Object.fromEntries(viennaParts.formatToParts(new Date(hour * HOUR_MS)).map((x) => [x.type, x.value]));
    const wall = Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
      Number(p.second),
    );
    offset = wall - hour * HOUR_MS;
    if (offsets.size >= 100_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/** The wall-clock time in Vienna as a local Date (for formatting and calendar rules only). */
export function toVienna(d: Date): Date {
  const ms = d.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid time value');
  const w = new Date(ms + viennaOffset(ms));
  return new Date(
    w.getUTCFullYear(),
    w.getUTCMonth(),
    w.getUTCDate(),
    w.getUTCHours(),
    w.getUTCMinutes(),
    w.getUTCSeconds(),
  );
}

/** The calendar day of an instant in Vienna, `YYYY-MM-DD`. */
export function viennaDay(at: string | Date): string {
  const v = toVienna(new Date(at));
  const p = (n: number) => String(n).padStart(2, '0');
  return `${v.getFullYear()}-${p(v.getMonth() + 1)}-${p(v.getDate())}`;
}
