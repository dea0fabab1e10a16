import PDFDocument from 'pdfkit';
import { eq } from 'drizzle-orm';
import {
  fillText,
  formatDateTime,
  formatPlayDuration as duration,
  playMonthDays,
  playReportTexts,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';
import { now as nowOf, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { loadCustomer } from './common.js';
import { monthPlays, type MonthPlays } from './plays.js';

/**
 * The monthly proof of play (issue 33) as a PDF, on the invoice's and the cashbook report's approach
 * (pdfkit, A4, standard Helvetica): "Ihr Content lief 4.312-mal auf 3 Bildschirmen", then per file
 * its plays, their total duration and the screens it ran on, in the reader's language.
 */

interface ReportInput {
  customer: { firma: string; kundennummer: string };
  plays: MonthPlays;
  lang: string | null | undefined;
  generatedAt: Date;
}

interface FileLine {
  name: string;
  plays: number;
  duration_ms: number;
  screens: string[];
}

/** Per file, most played first; its screens by name (or number), each once. */
function perFile(plays: MonthPlays): FileLine[] {
  const files = new Map<number, FileLine>();
  for (const r of plays.rows) {
    const f = files.get(r.file_id) ?? { name: r.file_name, plays: 0, duration_ms: 0, screens: [] };
    f.plays += r.plays;
    f.duration_ms += r.duration_ms;
    f.screens.push(r.device_name || `#${r.device_id}`);
    files.set(r.file_id, f);
  }
  return [...files.values()].sort((a, b) => b.plays - a.plays || a.name.localeCompare(b.name));
}

export async function renderPlayReport(input: ReportInput): Promise<Buffer> {
  const t = playReportTexts(input.lang);
  // Helvetica's encoding has no narrow no-break space (French groups with it).
  const num = (n: number) => new Intl.NumberFormat(t.numberLocale).format(n).replace(/[\u00a0\u202f]/g, ' ');
  const [year, mon] = input.plays.month.split('-');
  const title = fillText(t.title, { month: `${mon}/${year}` });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: title, Author: input.customer.firma, CreationDate: input.generatedAt },
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

  doc.font('Helvetica-Bold').fontSize(15).text(input.customer.firma, left, 40);
  doc.font('Helvetica').fontSize(9).text(input.customer.kundennummer);
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(title);
  const { from, to } = playMonthDays(input.plays.month);
  const day = (d: string) => d.split('-').reverse().join('.');
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(
      `${fillText(t.period, { from: day(from), to: day(to) })} · ${fillText(t.generated, { at: formatDateTime(input.generatedAt) })}`,
    );
  doc.moveDown(0.8);
  const totals = input.plays.totals;
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(
      fillText(totals.screens === 1 ? t.headlineOne : t.headline, {
        plays: num(totals.plays),
        screens: num(totals.screens),
      }),
      {
        width: right - left,
      },
    );
  doc.moveDown(0.8);

  const lines = perFile(input.plays);
  if (lines.length === 0) {
    doc.font('Helvetica').fontSize(10).text(t.none);
    doc.end();
    return done;
  }
  const cols = { file: left, plays: left + 200, duration: left + 265, screens: left + 335 };
  const header = (y: number) => {
    doc.font('Helvetica-Bold').fontSize(9);
    doc.text(t.file, cols.file, y, { width: 195 });
    doc.text(t.plays, cols.plays, y, { width: 60, align: 'right' });
    doc.text(t.duration, cols.duration, y, { width: 60, align: 'right' });
    doc.text(t.screens, cols.screens, y, { width: right - cols.screens });
    doc
      .moveTo(left, y + 13)
      .lineTo(right, y + 13)
      .lineWidth(0.5)
      .stroke();
    return y + 18;
  };
  let y = header(doc.y);
  for (const f of lines) {
    doc.font('Helvetica').fontSize(9);
    const screens = f.screens.join(', ');
    const h = Math.max(
      doc.heightOfString(f.name, { width: 195 }),
      doc.heightOfString(screens, { width: right - cols.screens }),
    );
    if (y + h > bottom()) {
      doc.addPage();
      y = header(doc.page.margins.top);
      doc.font('Helvetica').fontSize(9);
    }
    doc.text(f.name, cols.file, y, { width: 195 });
    doc.text(num(f.plays), cols.plays, y, { width: 60, align: 'right' });
    doc.text(duration(f.duration_ms), cols.duration, y, { width: 60, align: 'right' });
    doc.text(screens, cols.screens, y, { width: right - cols.screens });
    y += h + 6;
  }
  doc.end();
  return done;
}

/** The report of a customer the caller may read (the business side's own, or staff's country). */
export async function playReportPdf(
  ctx: ServiceCtx,
  input: { customer: { id: number; firma: string; kundennummer: string }; month: string; lang?: string | null },
): Promise<Buffer> {
  return renderPlayReport({
    customer: input.customer,
    plays: await monthPlays(ctx.db, input.customer.id, input.month),
    lang: input.lang,
    generatedAt: nowOf(ctx),
  });
}

/** Staff: a customer of the viewer's country (else 404), in German (the reference text). */
export async function staffPlayReportPdf(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { customerId: number; month: string },
): Promise<Buffer> {
  await loadCustomer(ctx.db, viewer, input.customerId);
  const customer = await customerNames(ctx.db, input.customerId);
  return playReportPdf(ctx, { customer, month: input.month, lang: 'de' });
}

async function customerNames(db: DbOrTx, id: number) {
  const [c] = await db
    .select({ id: customers.id, firma: customers.firma, kundennummer: customers.kundennummer })
    .from(customers)
    .where(eq(customers.id, id));
  return c!;
}
