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
import { bidiHeight, bidiText, UNICODE_FONT, useUnicodeFonts } from '../../platform/pdf-bidi.js';
import { loadCustomer } from './common.js';
import { monthPlays, type MonthPlays } from './plays.js';

/**
 * The monthly proof of play (issue 33) as a PDF, on the invoice's and the cashbook report's approach
 * (pdfkit, A4): "Ihr Content lief 4.312-mal auf 3 Bildschirmen", then per file its plays, their total
 * duration and the screens it ran on, in the reader's language; Arabic right to left, mirrored. Set
 * in DejaVu Sans by the bidi writer (`platform/pdf-bidi.ts`), as names may be Arabic in any language.
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
  const rtl = t.dir === 'rtl';
  const num = (n: number) => new Intl.NumberFormat(t.numberLocale).format(n);
  const [year, mon] = input.plays.month.split('-');
  const title = fillText(t.title, { month: `${mon}/${year}` });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    lang: t.lang,
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

  // Every language through the bidi writer in DejaVu Sans: an Arabic file or screen name in the
  // German copy reads as well as the Arabic report. Arabic mirrors every box (its x taken from the
  // right margin, "right" alignment becoming "left").
  useUnicodeFonts(doc);
  const font = (bold: boolean, size: number) =>
    doc.font(bold ? UNICODE_FONT.bold : UNICODE_FONT.regular).fontSize(size);
  type Box = { width: number; align?: 'left' | 'right' };
  const put = (text: string, x: number, y: number, box: Box) =>
    bidiText(doc, text, rtl ? left + right - x - box.width : x, y, {
      width: box.width,
      align: (box.align === 'right') !== rtl ? 'right' : 'left',
      base: t.dir,
    });
  const heightOf = (text: string, width: number) => bidiHeight(doc, text, { width });
  const full = right - left;
  const line = (text: string) => put(text, left, doc.y, { width: full });

  font(true, 15);
  put(input.customer.firma, left, 40, { width: full });
  font(false, 9);
  line(input.customer.kundennummer);
  doc.moveDown(0.8);
  font(true, 13);
  line(title);
  const { from, to } = playMonthDays(input.plays.month);
  const day = (d: string) => d.split('-').reverse().join('.');
  font(false, 9);
  line(
    `${fillText(t.period, { from: day(from), to: day(to) })} · ${fillText(t.generated, { at: formatDateTime(input.generatedAt) })}`,
  );
  doc.moveDown(0.8);
  const totals = input.plays.totals;
  font(true, 14);
  line(
    fillText(totals.screens === 1 ? t.headlineOne : t.headline, {
      plays: num(totals.plays),
      screens: num(totals.screens),
    }),
  );
  doc.moveDown(0.8);

  const lines = perFile(input.plays);
  if (lines.length === 0) {
    font(false, 10);
    line(t.none);
    doc.end();
    return done;
  }
  // "Wiedergaben" in DejaVu Sans Bold 9 pt is 68 pt wide.
  const cols = { file: left, plays: left + 190, duration: left + 267, screens: left + 337 };
  const w = { file: 185, plays: 72, duration: 60, screens: right - cols.screens };
  const header = (y: number) => {
    font(true, 9);
    put(t.file, cols.file, y, { width: w.file });
    put(t.plays, cols.plays, y, { width: w.plays, align: 'right' });
    put(t.duration, cols.duration, y, { width: w.duration, align: 'right' });
    put(t.screens, cols.screens, y, { width: w.screens });
    doc
      .moveTo(left, y + 13)
      .lineTo(right, y + 13)
      .lineWidth(0.5)
      .stroke();
    return y + 18;
  };
  let y = header(doc.y);
  for (const f of lines) {
    font(false, 9);
    const screens = f.screens.join(', ');
    const h = Math.max(heightOf(f.name, w.file), heightOf(screens, w.screens));
    if (y + h > bottom()) {
      doc.addPage();
      y = header(doc.page.margins.top);
      font(false, 9);
    }
    put(f.name, cols.file, y, { width: w.file });
    put(num(f.plays), cols.plays, y, { width: w.plays, align: 'right' });
    put(duration(f.duration_ms), cols.duration, y, { width: w.duration, align: 'right' });
    put(screens, cols.screens, y, { width: w.screens });
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
