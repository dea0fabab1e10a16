import PDFDocument from 'pdfkit';
import {
  PAYMENT_METHOD_LABELS,
  VAT_RATE_PERCENT,
  formatDate,
  formatMoney,
  paymentMethodLabelKey,
} from '@portal/shared';

/** Everything printed on an invoice, frozen when it is issued (stored with the invoice). */
export interface InvoiceData {
  number: string;
  /** ISO time of issue. */
  issuedAt: string;
  /** The shop order; null on a service invoice (`service`). */
  orderId: number | null;
  seller: { name: string; address: string; uid: string };
  buyer: {
    company: string;
    name: string;
    address: string;
    postalCode: string;
    city: string;
    taxIdType: 'uid' | 'steuernummer';
    /** Empty: the buyer's record has none (required by § 11 only above 10 000 EUR). */
    taxId: string;
  };
  lines: { description: string; quantity: number; unitGross: number; totalGross: number }[];
  net: number;
  vat: number;
  gross: number;
  vatRate: number;
  delivery: 'pickup' | 'shipping';
  /** payment: issued on payment (then paidAt is set); invoice: issued with the order, paid afterwards. */
  mode: 'payment' | 'invoice';
  paidAt: string | null;
  paymentMethod: string | null;
  /**
   * Set for the pro-forma of an order on invoice: not an invoice under § 11 UStG (its number is the
   * order's PF reference); it says where to pay and that the invoice follows the payment.
   */
  proforma?: { paymentUrl: string };
  /**
   * Set for a service invoice (an emergency task's time, issue 31): the task and the period the
   * service was performed in (ISO times), printed instead of the order and its delivery.
   */
  service?: { taskId: number; from: string; to: string; description: string };
}

const money = (cents: number) => formatMoney(cents).replace(/\u00a0/g, ' ');

/**
 * The invoice as a PDF (A4, standard Helvetica, German) with the items of § 11 Abs. 1 UStG: seller's
 * name, address and UID; buyer's name, address and UID or tax number; date of issue; consecutive
 * number; quantity and description; delivery; net amount, VAT rate and amount, gross amount.
 */
export function renderInvoicePdf(d: InvoiceData): Promise<Buffer> {
  const kind = d.proforma ? 'Proforma-Rechnung' : 'Rechnung';
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `${kind} ${d.number}`,
      Author: d.seller.name,
      Subject: d.service
        ? `${kind} ${d.number} zur Aufgabe ${d.service.taskId}`
        : `${kind} ${d.number} zur Bestellung ${d.orderId}`,
      CreationDate: new Date(d.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const right = left + width;

  // Seller.
  doc.font('Helvetica-Bold').fontSize(14).text(d.seller.name, left, 56);
  doc.font('Helvetica').fontSize(9).text(d.seller.address).text(`UID: ${d.seller.uid}`);

  // Buyer (left) and invoice data (right).
  const top = 150;
  doc.font('Helvetica').fontSize(8).fillColor('#555').text('Rechnungsempfänger', left, top);
  doc
    .fillColor('#000')
    .fontSize(10)
    .font('Helvetica-Bold')
    .text(d.buyer.company, left, top + 12, { width: 260 });
  doc
    .font('Helvetica')
    .text(`z. H. ${d.buyer.name}`, { width: 260 })
    .text(d.buyer.address, { width: 260 })
    .text(`${d.buyer.postalCode} ${d.buyer.city}`, { width: 260 });
  if (d.buyer.taxId)
    doc.text(d.buyer.taxIdType === 'uid' ? `UID: ${d.buyer.taxId}` : `Steuernummer: ${d.buyer.taxId}`, { width: 260 });
  const buyerBottom = doc.y;

  const infoX = left + 300;
  const info: [string, string][] = [
    [d.proforma ? 'Proforma-Nummer' : 'Rechnungsnummer', d.number],
    [d.proforma ? 'Datum' : 'Rechnungsdatum', formatDate(d.issuedAt)],
  ];
  if (d.service) {
    info.push(['Aufgabe', `#${d.service.taskId}`]);
    info.push(['Leistungszeitraum', `${formatDate(d.service.from)} – ${formatDate(d.service.to)}`]);
  } else info.push(['Bestellnummer', String(d.orderId)]);
  if (d.paidAt) info.push(['Bezahlt am', formatDate(d.paidAt)]);
  let y = top + 12;
  for (const [k, v] of info) {
    doc.font('Helvetica').fontSize(9).text(k, infoX, y, { width: 100 });
    doc.font('Helvetica-Bold').text(v, infoX + 100, y, { width: right - infoX - 100, align: 'right' });
    y += 14;
  }

  y = Math.max(buyerBottom, y) + 30;
  doc.font('Helvetica-Bold').fontSize(18).text(kind, left, y);
  y = doc.y + 12;

  // Items.
  const cols = { pos: left, qty: left + 30, desc: left + 75, unit: right - 170, total: right - 80 };
  const header = (yy: number) => {
    doc.font('Helvetica-Bold').fontSize(9);
    doc.text('Pos.', cols.pos, yy, { width: 28 });
    doc.text('Menge', cols.qty, yy, { width: 40 });
    doc.text('Beschreibung', cols.desc, yy, { width: cols.unit - cols.desc - 10 });
    doc.text('Einzelpreis brutto', cols.unit, yy, { width: 90, align: 'right' });
    doc.text('Gesamt brutto', cols.total, yy, { width: 80, align: 'right' });
    doc
      .moveTo(left, yy + 14)
      .lineTo(right, yy + 14)
      .strokeColor('#999')
      .lineWidth(0.5)
      .stroke();
  };
  header(y);
  y += 22;
  d.lines.forEach((line, i) => {
    doc.font('Helvetica').fontSize(9);
    const descWidth = cols.unit - cols.desc - 10;
    const h = doc.heightOfString(line.description, { width: descWidth });
    doc.text(String(i + 1), cols.pos, y, { width: 28 });
    doc.text(String(line.quantity), cols.qty, y, { width: 40 });
    doc.text(line.description, cols.desc, y, { width: descWidth });
    doc.text(money(line.unitGross), cols.unit, y, { width: 90, align: 'right' });
    doc.text(money(line.totalGross), cols.total, y, { width: 80, align: 'right' });
    y += Math.max(h, 12) + 8;
  });
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#999').lineWidth(0.5).stroke();
  y += 10;

  // Totals.
  const totals: [string, string, boolean][] = [
    ['Nettobetrag', money(d.net), false],
    [`USt ${d.vatRate} %`, money(d.vat), false],
    ['Gesamtbetrag brutto', money(d.gross), true],
  ];
  for (const [k, v, bold] of totals) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 10);
    doc.text(k, right - 260, y, { width: 170, align: 'right' });
    doc.text(v, right - 80, y, { width: 80, align: 'right' });
    y += bold ? 18 : 15;
  }
  y += 20;

  // Delivery, payment, terms.
  const notes: string[] = [];
  if (d.service) notes.push(`Leistung: ${d.service.description}`);
  else
    notes.push(
      d.delivery === 'shipping'
        ? 'Lieferung: Versand innerhalb von 3–5 Werktagen nach Bestellung und Verfügbarkeit. Der Liefertag hängt von der Verfügbarkeit ab.'
        : 'Lieferung: kostenlose Abholung in 1190 Wien nach Verfügbarkeit. Der Liefertag hängt von der Verfügbarkeit ab.',
    );
  if (d.paidAt) {
    const key = paymentMethodLabelKey(d.paymentMethod);
    const method = key ? PAYMENT_METHOD_LABELS[key] : d.paymentMethod;
    notes.push(
      `Der Rechnungsbetrag wurde am ${formatDate(d.paidAt)} per ${method} bezahlt (Vorauszahlung). Vielen Dank!`,
    );
  } else if (d.proforma) {
    notes.push(
      'Dies ist keine Rechnung im Sinne des § 11 UStG. Die Rechnung mit fortlaufender Rechnungsnummer erhalten Sie nach Zahlungseingang per E-Mail.',
    );
    notes.push(`Zahlungsbedingungen: zahlbar sofort ohne Abzug über die Zahlungsseite ${d.proforma.paymentUrl}`);
  } else if (d.service) {
    notes.push('Zahlungsbedingungen: zahlbar binnen 14 Tagen ab Rechnungsdatum ohne Abzug.');
  } else {
    notes.push('Zahlungsbedingungen: zahlbar sofort ohne Abzug über die Zahlungsseite (Link in der Rechnungs-E-Mail).');
  }
  if (!d.service)
    notes.push('Die Signaturkarte ist 5 Jahre gültig. Nach erfolgter Zahlung ist keine Rückerstattung möglich.');
  notes.push(`Alle Preise in Euro inklusive ${VAT_RATE_PERCENT} % Umsatzsteuer.`);
  doc.font('Helvetica').fontSize(9).fillColor('#000');
  for (const n of notes) {
    doc.text(n, left, y, { width });
    y = doc.y + 6;
  }

  // Footer.
  const footerY = doc.page.height - doc.page.margins.bottom - 24;
  doc
    .fontSize(8)
    .fillColor('#555')
    .text(`${d.seller.name} · ${d.seller.address} · UID ${d.seller.uid}`, left, footerY, {
      width,
      align: 'center',
      lineBreak: false,
    });

  doc.end();
  return done;
}
