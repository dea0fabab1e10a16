import PDFDocument from 'pdfkit';
import {
  cashbookDescriptionDe,
  cashbookMonthDays,
  formatCashbookDateTime,
  formatDateTime,
  formatMoney,
  type CashbookTransaction,
  type CashbookVerify,
} from '@portal/shared';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { closingOf, monthFigures } from './closings.js';
import { countryOf } from './common.js';
import { startingBalance } from './figures.js';
import { entriesBySeq } from './queries.js';
import { getSettings } from './settings.js';
import { verifyChain } from './verify.js';

/** Entries per query while the report is laid out; a month of a busy register is a few thousand. */
const BATCH = 1000;
const money = (cents: number) => formatMoney(cents).replace(/\u00a0/g, ' ');
const TYPE_LABEL = { income: 'Einnahme', expense: 'Ausgabe' } as const;

export interface MonthReport {
  month: string;
  register: { name: string; address: string };
  figures: { opening_balance: number; total_income: number; total_expenses: number; closing_balance: number };
  /** Set when the month is closed: the counted cash and its difference to the books. */
  closing: { physical_balance: number; difference: number; notes: string | null; created_at: string } | null;
  chain: CashbookVerify;
  generatedAt: Date;
}

/**
 * The monthly report (issue 20) as a PDF, on the shop invoice's approach (pdfkit, A4, standard
 * Helvetica, German): the register, the month's entries in chain order, opening and closing
 * balance, the counted cash and the difference, and the result of the chain check.
 */
export async function renderMonthReport(
  report: MonthReport,
  entries: (after: number) => Promise<CashbookTransaction[]>,
): Promise<Buffer> {
  const [year, mon] = report.month.split('-');
  const title = `Kassenbericht ${mon}/${year}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: title, Author: report.register.name || 'Kassenbuch', CreationDate: report.generatedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 20;

  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .text(report.register.name || 'Kassenbuch', left, 40);
  if (report.register.address) doc.font('Helvetica').fontSize(9).text(report.register.address);
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(title);
  const days = cashbookMonthDays(report.month);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(
      `Zeitraum ${days.start.split('-').reverse().join('.')} bis ${days.end.split('-').reverse().join('.')} · erstellt am ${formatDateTime(report.generatedAt)}`,
    );
  doc.moveDown(0.6);

  // Figures.
  const f = report.figures;
  const rows: [string, string][] = [
    ['Anfangsbestand', money(f.opening_balance)],
    ['Einnahmen', money(f.total_income)],
    ['Ausgaben', money(f.total_expenses)],
    ['Endbestand (Soll)', money(f.closing_balance)],
  ];
  if (report.closing) {
    rows.push(['Gezählter Kassenstand', money(report.closing.physical_balance)]);
    rows.push(['Differenz', money(report.closing.difference)]);
  }
  let y = doc.y;
  for (const [k, v] of rows) {
    doc.font('Helvetica').fontSize(10).text(k, left, y, { width: 180 });
    doc.font('Helvetica-Bold').text(v, left + 180, y, { width: 110, align: 'right' });
    y += 15;
  }
  doc.font('Helvetica').fontSize(9).fillColor('#000');
  doc.text(
    report.closing
      ? `Monatsabschluss vom ${formatDateTime(report.closing.created_at)}${report.closing.notes ? `: ${report.closing.notes}` : ''}`
      : 'Dieser Monat ist noch nicht abgeschlossen; die Beträge sind der Stand zum Zeitpunkt des Berichts.',
    left,
    y + 4,
    { width: right - left },
  );
  const chain = report.chain;
  doc
    .moveDown(0.4)
    .font('Helvetica-Bold')
    .fillColor(chain.ok ? '#1b5e20' : '#b71c1c')
    .text(
      chain.ok
        ? `Prüfkette: in Ordnung (${chain.checked} Buchungen geprüft, SHA-256).`
        : `Prüfkette: UNTERBROCHEN ab Buchung Nr. ${chain.firstBrokenSeq} (${chain.checked} Buchungen geprüft).`,
      { width: right - left },
    )
    .fillColor('#000');
  doc.moveDown(0.8);

  // Entries.
  const cols = { seq: left, date: left + 34, type: left + 130, cat: left + 180, desc: left + 260, amount: right - 70 };
  const header = (yy: number) => {
    doc.font('Helvetica-Bold').fontSize(8);
    doc.text('Nr', cols.seq, yy, { width: 32 });
    doc.text('Datum', cols.date, yy, { width: 94 });
    doc.text('Typ', cols.type, yy, { width: 48 });
    doc.text('Kategorie', cols.cat, yy, { width: 78 });
    doc.text('Beschreibung / Beleg / Kunde / Benutzer', cols.desc, yy, { width: cols.amount - cols.desc - 6 });
    doc.text('Betrag', cols.amount, yy, { width: 70, align: 'right' });
    doc
      .moveTo(left, yy + 11)
      .lineTo(right, yy + 11)
      .strokeColor('#999')
      .lineWidth(0.5)
      .stroke();
    return yy + 15;
  };
  y = header(doc.y);
  let count = 0;
  for (let after = 0; ;) {
    const batch = await entries(after);
    for (const e of batch) {
      count++;
      const detail = [
        cashbookDescriptionDe(e),
        e.invoice_number ? `Beleg ${e.invoice_number}` : '',
        e.customer_name ? `Kunde ${e.customer_name}` : '',
        e.agent_name ?? '',
      ]
        .filter(Boolean)
        .join(' · ');
      doc.font('Helvetica').fontSize(8);
      const h = Math.max(doc.heightOfString(detail, { width: cols.amount - cols.desc - 6 }), 10);
      if (y + h > bottom()) {
        doc.addPage();
        y = header(doc.page.margins.top);
        doc.font('Helvetica').fontSize(8);
      }
      doc.text(String(e.seq), cols.seq, y, { width: 32 });
      doc.text(formatCashbookDateTime(e.transaction_date), cols.date, y, { width: 94 });
      doc.text(e.reverses_seq ? `Storno` : TYPE_LABEL[e.type], cols.type, y, { width: 48 });
      doc.text(e.category_name, cols.cat, y, { width: 78 });
      doc.text(detail, cols.desc, y, { width: cols.amount - cols.desc - 6 });
      const signed = e.type === 'income' ? e.amount : -e.amount;
      doc.text(money(signed), cols.amount, y, { width: 70, align: 'right' });
      y += h + 4;
    }
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1]!.seq;
  }
  if (count === 0) doc.font('Helvetica').fontSize(9).text('Keine Buchungen in diesem Monat.', left, y);

  doc.end();
  return done;
}

/** The report of a month (`YYYY-MM`) of the caller's cashbook. */
export async function monthReportPdf(ctx: ServiceCtx, viewer: Viewer, input: { month: string }): Promise<Buffer> {
  const countryId = countryOf(viewer);
  const { month } = input;
  const [settings, closing, starting, chain] = await Promise.all([
    getSettings(ctx, viewer),
    closingOf(ctx.db, countryId, month),
    startingBalance(ctx.db, countryId),
    verifyChain(ctx.db, countryId),
  ]);
  const figures = closing ?? (await monthFigures(ctx.db, countryId, month, starting));
  const days = cashbookMonthDays(month);
  return renderMonthReport(
    {
      month,
      register: { name: settings.register_name, address: settings.register_address },
      figures,
      closing,
      chain,
      generatedAt: now(ctx),
    },
    (after) => entriesBySeq(ctx.db, { countryId, start_date: days.start, end_date: days.end }, after, BATCH),
  );
}
