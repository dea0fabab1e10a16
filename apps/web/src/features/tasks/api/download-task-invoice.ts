import { taskBillingCalls } from '@portal/shared/contracts';
import { downloadCall } from '../../../lib/calls';

/** The PDF of a closed emergency task's invoice, saved as Rechnung-{number}.pdf (`getTaskInvoicePdf`). */
export const downloadTaskInvoice = (taskId: number, number: string) =>
  downloadCall(taskBillingCalls.getTaskInvoicePdf, { taskId }, `Rechnung-${number}.pdf`);
