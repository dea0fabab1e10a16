import type { AuditFilter } from '@portal/shared';
import { auditCalls } from '@portal/shared/contracts';
import { downloadCall } from '../../../lib/calls';

/** The filtered trail as CSV, saved (`exportAuditEntries`). */
export const downloadAuditCsv = (filters: AuditFilter) =>
  downloadCall(auditCalls.exportAuditEntries, filters, `audit-trail_${new Date().toISOString().slice(0, 10)}.csv`);
