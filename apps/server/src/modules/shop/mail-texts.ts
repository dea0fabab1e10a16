import { VAT_RATE_PERCENT, formatMoney } from '@portal/shared';
import type { Config } from '../../config.js';
import { letter } from '../../platform/mail-letter.js';
import { invoiceFileName, invoiceKey, invoicePath, type InvoiceRow, type OrderRow } from './common.js';

const deliveryText = (order: OrderRow) =>
  order.delivery === 1
    ? 'Versand (3–5 Werktage nach Bestellung und Verfügbarkeit)'
    : 'Abholung in 1190 Wien (kostenlos, nach Verfügbarkeit)';

function attachment(invoice: InvoiceRow) {
  return {
    filename: invoiceFileName(invoice.number),
    key: invoiceKey(invoice.number),
    contentType: 'application/pdf',
  };
}

function summary(config: Config, order: OrderRow, invoice: InvoiceRow): string[] {
  return [
    `Bestellnummer: ${order.id}`,
    `Produkt: ${order.product_name}`,
    `Menge: ${order.qty}`,
    `Lieferung: ${deliveryText(order)}`,
    `Gesamtbetrag: ${formatMoney(order.total_amount)} (inkl. ${VAT_RATE_PERCENT} % USt ${formatMoney(order.vat_amount)})`,
    `Rechnungsnummer: ${invoice.number}`,
    `Rechnung (PDF): ${config.publicUrl}${invoicePath(invoice.access_token)}`,
  ];
}

const terms =
  'Die Signaturkarte ist 5 Jahre gültig. Die Lieferung erfolgt nach Verfügbarkeit. Nach erfolgter Zahlung ist keine Rückerstattung möglich.';

export function confirmationMail(config: Config, order: OrderRow, invoice: InvoiceRow) {
  return {
    to: order.email,
    subject: `Zahlungsbestätigung – Bestellung ${order.id}, Rechnung ${invoice.number}`,
    text: letter(
      `Guten Tag ${order.customername},`,
      [
        'vielen Dank für Ihre Bestellung der Signaturkarte RKSV 2025. Ihre Zahlung ist eingegangen.',
        summary(config, order, invoice),
        ['Die Rechnung finden Sie im Anhang.', terms],
      ],
      config.seller.name,
    ),
    attachments: [attachment(invoice)],
  };
}
