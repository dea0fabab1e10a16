import { createHash } from 'node:crypto';
import { text as readText } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { cashbookAddMonths, formatDateTime, formatMoney, type PeriodQuery } from '@portal/shared';
import { rowsOf } from '../../platform/db-helpers.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { countryOf, viennaDayEnd, viennaDayStart } from './common.js';
import { exportCsv } from './export-csv.js';
import { monthReportPdf } from './report-pdf.js';
import { checkClosings } from './seal.js';
import { verifyChain } from './verify.js';

/**
 * The tax auditor's package (issue 34): one ZIP with the period's entries as CSV, the monthly reports
 * as PDF, the chain's verification (the first and last entry of each month with their hashes, the
 * whole chain's result), the closings with their figures and whether each still matches its seal, and
 * a checksum list of every file (`sha256sum -c pruefsummen.sha256`). Everything from the functions the
 * screens use (export, report, verification), so the package says what they say. In German: it is
 * handed to the Austrian tax office.
 */

interface MonthChain {
  month: string;
  entries: number;
  first_seq: number;
  first_hash: string;
  last_seq: number;
  last_hash: string;
}

/** Each Vienna month of the period with its entries: how many, the first and the last in the chain. */
async function monthChains(ctx: ServiceCtx, countryId: number, q: PeriodQuery): Promise<MonthChain[]> {
  const result = await ctx.db.execute(sql`
    with e as (
      select seq, hash, to_char(transaction_date at time zone 'Europe/Vienna', 'YYYY-MM') as month
      from cashbook_transactions
      where country_id = ${countryId}
        and transaction_date >= ${viennaDayStart(q.start_date)} and transaction_date < ${viennaDayEnd(q.end_date)}
    ), m as (select month, count(*)::int as entries, min(seq) as first_seq, max(seq) as last_seq from e group by month)
    select m.month, m.entries, m.first_seq, f.hash as first_hash, m.last_seq, l.hash as last_hash
    from m join e f on f.seq = m.first_seq join e l on l.seq = m.last_seq
    order by m.month`);
  return rowsOf<MonthChain>(result);
}

/** Every month (`YYYY-MM`) the period touches. */
function monthsOf(q: PeriodQuery): string[] {
  const out: string[] = [];
  for (let m = q.start_date.slice(0, 7); m <= q.end_date.slice(0, 7); m = cashbookAddMonths(m, 1)) out.push(m);
  return out;
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const csvRow = (cells: (string | number)[]) => `${cells.join(';')}\r\n`;
const euro = (cents: number) => formatMoney(cents).replace(/\u00a0/g, ' ');

export async function auditPackage(
  ctx: ServiceCtx,
  viewer: Viewer,
  q: PeriodQuery,
): Promise<{ zip: Uint8Array; name: string }> {
  const countryId = countryOf(viewer);
  const months = monthsOf(q);
  const [csv, chain, perMonth, closings] = await Promise.all([
    readText(exportCsv(ctx, viewer, q)),
    verifyChain(ctx.db, countryId),
    monthChains(ctx, countryId, q),
    checkClosings(ctx.db, countryId),
  ]);
  const reports: Zippable = {};
  for (const month of months)
    reports[`berichte/kassenbericht_${month}.pdf`] = new Uint8Array(await monthReportPdf(ctx, viewer, { month }));

  const inPeriod = closings.filter((c) => months.includes(c.month.slice(0, 7)));
  const figures = await ctx.db.execute(sql`
    select to_char(month, 'YYYY-MM') as month, opening_balance, total_income, total_expenses, closing_balance,
      physical_balance, difference, sealed_seq, seal
    from cashbook_closings where country_id = ${countryId}
      and month >= ${`${months[0]}-01`}::date and month <= ${`${months.at(-1)}-01`}::date
    order by month`);
  const closingRows = rowsOf<{
    month: string;
    opening_balance: number;
    total_income: number;
    total_expenses: number;
    closing_balance: number;
    physical_balance: number;
    difference: number;
    sealed_seq: number | null;
    seal: string | null;
  }>(figures);
  const sealState = (month: string) => {
    const c = inPeriod.find((x) => x.month.slice(0, 7) === month);
    return !c || !c.sealed ? 'nicht versiegelt (vor der Versiegelung abgeschlossen)' : c.ok ? 'stimmt' : 'VERÄNDERT';
  };
  const closingsCsv =
    '\ufeff' +
    csvRow([
      'Monat',
      'Anfangsbestand',
      'Einnahmen',
      'Ausgaben',
      'Endbestand',
      'Gezählter Bestand',
      'Differenz',
      'Versiegelt bis Nr.',
      'Siegel',
      'Siegel geprüft',
    ]) +
    closingRows
      .map((c) =>
        csvRow([
          c.month,
          euro(c.opening_balance),
          euro(c.total_income),
          euro(c.total_expenses),
          euro(c.closing_balance),
          euro(c.physical_balance),
          euro(c.difference),
          c.sealed_seq ?? '',
          c.seal ?? '',
          sealState(c.month),
        ]),
      )
      .join('');

  const broken = inPeriod.filter((c) => c.sealed && !c.ok).map((c) => c.month.slice(0, 7));
  const report = [
    'Prüfbericht Kassenbuch',
    `Zeitraum: ${q.start_date} bis ${q.end_date}`,
    `Erstellt: ${formatDateTime(now(ctx))}`,
    '',
    `Hash-Kette (alle ${chain.checked} Buchungen): ${chain.ok ? 'unverändert' : `UNTERBROCHEN ab Buchung Nr. ${chain.firstBrokenSeq}`}`,
    `Monatsabschlüsse im Zeitraum: ${inPeriod.length}, davon verändert: ${broken.length ? broken.join(', ') : 'keiner'}`,
    '',
    'Monat;Buchungen;Erste Nr.;Hash der ersten;Letzte Nr.;Hash der letzten;Abschluss',
    ...months.map((m) => {
      const c = perMonth.find((x) => x.month === m);
      const closed = closingRows.some((x) => x.month === m) ? sealState(m) : 'nicht abgeschlossen';
      return c
        ? [m, c.entries, c.first_seq, c.first_hash, c.last_seq, c.last_hash, closed].join(';')
        : [m, 0, '', '', '', '', closed].join(';');
    }),
    '',
  ].join('\r\n');

  const files: Record<string, Uint8Array> = {
    [`kassenbuch_${q.start_date}_${q.end_date}.csv`]: strToU8(csv),
    ...(reports as Record<string, Uint8Array>),
    'pruefbericht.txt': strToU8(`\ufeff${report}`),
    'abschluesse.csv': strToU8(closingsCsv),
  };
  // As `sha256sum` writes it: hash, two spaces, the name.
  const sums = Object.entries(files)
    .map(([name, data]) => `${sha256(data)}  ${name}\n`)
    .join('');
  const zip = zipSync(
    { ...files, 'pruefsummen.sha256': strToU8(sums) },
    // PDFs are compressed already; the texts shrink.
    { level: 6, mtime: now(ctx) },
  );
  return { zip, name: `kassenbuch_pruefpaket_${q.start_date}_${q.end_date}.zip` };
}
