import { signagePlayCalls } from '@portal/shared/contracts';
import { downloadCall } from '../../../lib/calls';

/** A customer's monthly proof-of-play PDF (`getSignagePlayReportPdf`). */
export const downloadSignagePlayReport = (customerId: number, month: string) =>
  downloadCall(
    signagePlayCalls.getSignagePlayReportPdf,
    { customerId, month },
    `Wiedergaben-${customerId}-${month}.pdf`,
  );
