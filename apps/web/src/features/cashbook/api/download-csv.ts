import { cashbookCalls } from '@portal/shared/contracts';
import { downloadCall } from '../../../lib/calls';

/** The entries of a period as CSV, saved (`exportCashbookCsv`). */
export const downloadCsv = (start_date: string, end_date: string) =>
  downloadCall(cashbookCalls.exportCashbookCsv, { start_date, end_date }, `kassenbuch_${start_date}_${end_date}.csv`);
