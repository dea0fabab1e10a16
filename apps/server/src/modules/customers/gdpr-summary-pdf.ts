import PDFDocument from 'pdfkit';
import {
  fillText,
  formatDate,
  formatDateTime,
  GDPR_EXPORT_AREAS,
  gdprSummaryTexts,
  retentionYearOf,
  type GdprExportArea,
  type RetainedGroup,
} from '@portal/shared';
import { bidiHeight, bidiText, UNICODE_FONT, useUnicodeFonts } from '../../platform/pdf-bidi.js';

/**
 * The readable summary of an export (issue 34), beside the JSON files in its ZIP: the customer's
 * master data, accounts, what the archive holds per area and what the law keeps until when, in the
 * requester's language. Set in DejaVu Sans through the bidi writer (`platform/pdf-bidi.ts`): a
 * customer's, a person's or a screen's name may be Arabic in any language, and the Arabic summary
 * reads right to left, mirrored (as the proof of play, signage/play-report-pdf.ts).
 */

export interface SummaryInput {
  customer: {
    firma: string;
    kundennummer: string;
    kontaktperson: string | null;
    email: string | null;
    telefon: string | null;
    adresse: string | null;
    plz: string | null;
    ort: string | null;
    uid: string | null;
  };
  accounts: { name: string; email: string; created_at: string; sessions: number }[];
  counts: Record<GdprExportArea, number>;
  retained: RetainedGroup[];
  lang: string;
  generatedAt: Date;
}

export async function renderGdprSummary(input: SummaryInput): Promise<Buffer> {
  const t = gdprSummaryTexts(input.lang);
  const rtl = t.dir === 'rtl';
  const num = (n: number) => new Intl.NumberFormat(t.numberLocale).format(n);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    lang: t.lang,
    info: { Title: t.title, Author: input.customer.firma, CreationDate: input.generatedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const full = right - left;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 20;

  useUnicodeFonts(doc);
  const font = (bold: boolean, size: number) =>
    doc.font(bold ? UNICODE_FONT.bold : UNICODE_FONT.regular).fontSize(size);
  type Box = { width: number; align?: 'left' | 'right' };
  // Arabic mirrors every box: its x taken from the right margin, "right" alignment becoming "left".
  const put = (text: string, x: number, y: number, box: Box) =>
    bidiText(doc, text, rtl ? left + right - x - box.width : x, y, {
      width: box.width,
      align: (box.align === 'right') !== rtl ? 'right' : 'left',
      base: t.dir,
    });
  /** A block of full width, on a new page when it would not fit. */
  const line = (text: string) => {
    if (doc.y + bidiHeight(doc, text, { width: full }) > bottom()) {
      doc.addPage();
      doc.y = doc.page.margins.top;
    }
    return put(text, left, doc.y, { width: full });
  };
  const heading = (text: string) => {
    doc.moveDown(0.8);
    font(true, 12);
    line(text);
    doc.moveDown(0.3);
    font(false, 9.5);
  };

  const c = input.customer;
  font(true, 16);
  put(t.title, left, 40, { width: full });
  font(false, 9);
  line(t.subtitle);
  doc.moveDown(0.6);
  font(true, 13);
  line(c.firma);
  font(false, 9.5);
  line(
    `${fillText(t.customerNumber, { kundennummer: c.kundennummer })} · ${fillText(t.generated, { at: formatDateTime(input.generatedAt) })}`,
  );

  heading(t.masterData);
  const place = [c.plz, c.ort].filter(Boolean).join(' ');
  const address = [c.adresse, place].filter(Boolean).join(', ');
  for (const [label, value] of [
    [t.fields.contact, c.kontaktperson],
    [t.fields.email, c.email],
    [t.fields.phone, c.telefon],
    [t.fields.address, address],
    [t.fields.uid, c.uid],
  ] as const)
    line(`${label}: ${value || '–'}`);

  heading(t.accounts);
  if (input.accounts.length === 0) line(t.noAccounts);
  for (const a of input.accounts)
    line(
      fillText(t.account, {
        name: a.name,
        email: a.email,
        since: formatDate(a.created_at),
        sessions: num(a.sessions),
      }),
    );

  heading(t.contents);
  const cols = { area: left, entries: left + 250, file: left + 330 };
  const w = { area: 240, entries: 70, file: right - cols.file };
  const header = (y: number) => {
    font(true, 9);
    put(t.area, cols.area, y, { width: w.area });
    put(t.entries, cols.entries, y, { width: w.entries, align: 'right' });
    put(t.file, cols.file, y, { width: w.file });
    doc
      .moveTo(left, y + 13)
      .lineTo(right, y + 13)
      .lineWidth(0.5)
      .stroke();
    return y + 18;
  };
  let y = header(doc.y);
  for (const area of GDPR_EXPORT_AREAS) {
    font(false, 9);
    if (y + 14 > bottom()) {
      doc.addPage();
      y = header(doc.page.margins.top);
      font(false, 9);
    }
    put(t.areas[area], cols.area, y, { width: w.area });
    put(num(input.counts[area]), cols.entries, y, { width: w.entries, align: 'right' });
    put(`${area}.json`, cols.file, y, { width: w.file });
    y += 14;
  }
  doc.x = left;
  doc.y = y;

  heading(t.retention);
  line(t.retentionText);
  doc.moveDown(0.3);
  if (input.retained.length === 0) line(t.noRetained);
  for (const g of input.retained)
    line(
      `${fillText(t.retained, {
        kind: t.retainedKinds[g.kind],
        year: retentionYearOf(g.until),
        until: formatDate(g.until),
      })} (${num(g.count)})`,
    );
  doc.end();
  return done;
}
