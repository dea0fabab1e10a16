import { cashbookCalls } from '@portal/shared/contracts';
import { downloadCall } from '../../../lib/calls';

/** The tax auditor's package of a period as one ZIP, saved (`getCashbookAuditPackage`). */
export const downloadAuditPackage = (start_date: string, end_date: string) =>
  downloadCall(
    cashbookCalls.getCashbookAuditPackage,
    { start_date, end_date },
    `kassenbuch_pruefpaket_${start_date}_${end_date}.zip`,
  );
