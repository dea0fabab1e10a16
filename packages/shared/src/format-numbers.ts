/** Money and sizes; apart from the dates, so screens that show prices do not load the date library. */
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
