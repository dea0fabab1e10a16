import { businessCalls } from '@portal/shared/contracts';
import { downloadCall } from '../../../lib/calls';

/** The PDF of an own invoice, saved as Rechnung-{number}.pdf (`getBusinessInvoicePdf`). */
export const downloadBusinessInvoice = (invoiceRef: string) =>
  downloadCall(businessCalls.getBusinessInvoicePdf, { invoiceRef }, `Rechnung-${invoiceRef}.pdf`);
