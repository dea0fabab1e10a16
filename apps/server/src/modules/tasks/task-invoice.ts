import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import {
  EMERGENCY_PRICE_CENTS_PER_HOUR,
  TASK_BILLING_MSG as M,
  TASK_TYPE,
  VAT_RATE_PERCENT,
  emergencyAmounts,
  formatDateTime,
  formatMoney,
  type TaskInvoice,
} from '@portal/shared';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { customers, invoices } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { letter } from '../../platform/mail-letter.js';
import { afterCommit } from '../../platform/unit-of-work.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import {
  ensureInvoicePdf,
  invoiceAccessToken,
  invoiceFileName,
  invoiceKey,
  takeInvoiceNumber,
  type InvoiceData,
  type InvoiceRow,
} from '../shop/index.js';
import { loadVisibleTask, type TaskRecord } from './access.js';
import { queueTaskMail } from './conversations.js';
import type { FilesCtx } from './files.js';
import { endRunningEntry, entriesOf, totalMinutesOf } from './task-time.js';

/*
 * The invoice of a closed emergency task (issue 31): its recorded time billed to the started hour,
 * 150 EUR net each plus 20 % VAT, a § 11 UStG invoice of the shop's one gap-free number series in
 * the shop's invoices table (so the shop's PDF builder, storage and the business dashboard's invoice
 * list serve it too), mailed to the task's contact with the PDF attached.
 */

/** Background work after the close's commit: the PDF into the storage before the mail that attaches it. */
export const TASK_INVOICE_PDF_JOB = 'task-invoice-pdf';

export const taskInvoicePdfPath = (taskId: number) => `/api/task-invoice/${taskId}/pdf`;

const GROSS_PER_HOUR = EMERGENCY_PRICE_CENTS_PER_HOUR + (EMERGENCY_PRICE_CENTS_PER_HOUR * VAT_RATE_PERCENT) / 100;

function taskInvoiceData(
  config: Config,
  t: TaskRecord,
  customer: typeof customers.$inferSelect | undefined,
  number: string,
  issuedAt: Date,
  span: { from: Date; to: Date; minutes: number },
): InvoiceData {
  const amounts = emergencyAmounts(span.minutes);
  return {
    number,
    issuedAt: issuedAt.toISOString(),
    orderId: null,
    seller: { name: config.seller.name, address: config.seller.address, uid: config.seller.uid },
    buyer: {
      company: customer?.firma ?? t.firma ?? t.kontaktperson ?? '',
      name: t.kontaktperson ?? customer?.kontaktperson ?? '',
      address: customer?.adresse ?? t.adresse ?? '',
      postalCode: customer?.plz ?? t.plz ?? '',
      city: customer?.ort ?? t.ort ?? '',
      taxIdType: 'uid',
      taxId: customer?.uid ?? t.uid ?? '',
    },
    lines: [
      {
        description: `Notfall-Support 24/7, Aufgabe #${t.id}: ${span.minutes} Minuten, je angefangene Stunde ${formatMoney(EMERGENCY_PRICE_CENTS_PER_HOUR)} netto`,
        quantity: amounts.hours,
        unitGross: GROSS_PER_HOUR,
        totalGross: amounts.gross,
      },
    ],
    net: amounts.net,
    vat: amounts.vat,
    gross: amounts.gross,
    vatRate: VAT_RATE_PERCENT,
    delivery: 'pickup',
    mode: 'invoice',
    paidAt: null,
    paymentMethod: null,
    service: {
      taskId: t.id,
      from: span.from.toISOString(),
      to: span.to.toISOString(),
      description: `Notfall-Support (24/7) zur Aufgabe #${t.id} „${t.titel}“, erbracht von ${formatDateTime(span.from)} bis ${formatDateTime(span.to)}; erfasste Zeit ${span.minutes} Minuten, abgerechnet ${amounts.hours} angefangene Stunde(n) zu je ${formatMoney(EMERGENCY_PRICE_CENTS_PER_HOUR)} zuzüglich ${VAT_RATE_PERCENT} % USt.`,
    },
  };
}

function invoiceMail(config: Config, t: TaskRecord, invoice: InvoiceRow, hours: number) {
  return {
    to: t.email!,
    taskId: t.id,
    subject: `Rechnung ${invoice.number} – Notfall-Support, Aufgabe ${t.id}`,
    text: letter(
      t.kontaktperson ? `Guten Tag ${t.kontaktperson},` : 'Guten Tag,',
      [
        `vielen Dank für Ihren Auftrag. Für den Notfall-Support zur Aufgabe ${t.id} „${t.titel}“ stellen wir ${hours} angefangene Stunde(n) zu je ${formatMoney(EMERGENCY_PRICE_CENTS_PER_HOUR)} netto in Rechnung.`,
        [
          `Rechnungsnummer: ${invoice.number}`,
          `Nettobetrag: ${formatMoney(invoice.net_amount)}`,
          `USt ${VAT_RATE_PERCENT} %: ${formatMoney(invoice.vat_amount)}`,
          `Gesamtbetrag: ${formatMoney(invoice.total_amount)}`,
        ],
        'Die Rechnung finden Sie im Anhang und in Ihrem Business-Dashboard.',
      ],
      config.seller.name,
    ),
    attachments: [
      { filename: invoiceFileName(invoice.number), key: invoiceKey(invoice.number), contentType: 'application/pdf' },
    ],
  };
}

/**
 * Part of the close (audit.ts, in its transaction, the task row locked): an emergency task's running
 * entry ends at the close, and recorded time becomes its invoice; no time, no invoice. The unique
 * index on the invoice's task makes a second invoice of one task impossible whatever the caller does.
 */
export async function billClosedTask(tx: Tx, config: Config, t: TaskRecord, at: Date): Promise<InvoiceRow | null> {
  if (t.typ !== TASK_TYPE.emergency) return null;
  await endRunningEntry(tx, t.id, at);
  const entries = (await entriesOf(tx, t.id)).filter((e) => e.ended_at !== null);
  const minutes = totalMinutesOf(entries);
  if (minutes === 0) return null;
  const from = new Date(Math.min(...entries.map((e) => e.started_at.getTime())));
  const to = new Date(Math.max(...entries.map((e) => e.ended_at!.getTime())));
  const [customer] = t.kundennummer
    ? await tx.select().from(customers).where(eq(customers.kundennummer, t.kundennummer)).limit(1)
    : [];
  const { year, seq, number } = await takeInvoiceNumber(tx, at);
  const data = taskInvoiceData(config, t, customer, number, at, { from, to, minutes });
  const [invoice] = await tx
    .insert(invoices)
    .values({
      task_id: t.id,
      customer_id: customer?.id ?? null,
      year,
      seq,
      number,
      issued_at: at,
      net_amount: data.net,
      vat_amount: data.vat,
      total_amount: data.gross,
      data,
      access_token: invoiceAccessToken(),
    })
    .returning();
  // After commit: the PDF first (background work runs before the mails), then the mail attaching it.
  afterCommit.job(TASK_INVOICE_PDF_JOB, { invoiceId: invoice!.id });
  if (t.email) await queueTaskMail(tx, invoiceMail(config, t, invoice!, emergencyAmounts(minutes).hours));
  return invoice!;
}

/** The background job's body: the invoice's PDF into the storage (the start retries any missed). */
export async function writeTaskInvoicePdf(ctx: Pick<FilesCtx, 'db' | 'config' | 'storage'>, payload: unknown) {
  const { invoiceId } = payload as { invoiceId: number };
  const [inv] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (inv) await ensureInvoicePdf(ctx, inv);
}

async function invoiceOfTask(ctx: ServiceCtx, viewer: Viewer, taskId: number): Promise<InvoiceRow> {
  await loadVisibleTask(ctx.db, viewer, taskId);
  const [inv] = await ctx.db.select().from(invoices).where(eq(invoices.task_id, taskId));
  if (!inv) throw notFound(M.noInvoice);
  return inv;
}

/** GET /api/task-invoice/{taskId}: whoever may see the task sees its invoice. */
export async function getTaskInvoice(ctx: ServiceCtx, viewer: Viewer, input: { taskId: number }): Promise<TaskInvoice> {
  const inv = await invoiceOfTask(ctx, viewer, input.taskId);
  return {
    number: inv.number,
    net: inv.net_amount,
    vat: inv.vat_amount,
    gross: inv.total_amount,
    url: taskInvoicePdfPath(input.taskId),
  };
}

/** GET /api/task-invoice/{taskId}/pdf: the shop's file of that invoice, written if missing. */
export async function taskInvoiceFile(
  ctx: FilesCtx,
  viewer: Viewer,
  input: { taskId: number },
): Promise<{ body: Readable; filename: string; size: number }> {
  const inv = await invoiceOfTask(ctx, viewer, input.taskId);
  const key = await ensureInvoicePdf(ctx, inv);
  const stat = await ctx.storage.stat(key);
  const body = stat && (await ctx.storage.get(key));
  if (!stat || !body) throw notFound(M.noInvoice);
  return { body, filename: invoiceFileName(inv.number), size: stat.size };
}
