import { cashbookCalls } from '@portal/shared/contracts';
import { downloadCall } from '../../../lib/calls';

/** A month's report as PDF, saved (`getCashbookMonthReport`). */
export const downloadMonthReport = (month: string) =>
  downloadCall(cashbookCalls.getCashbookMonthReport, { month }, `kassenbericht_${month}.pdf`);
