import { useInfiniteQuery } from '@tanstack/react-query';
import { auditCalls } from '@portal/shared/contracts';
import { callPagesQuery } from '../../../lib/calls';

/** The order's and its cards' entries of the audit trail, page by page (`listRksvOrderAuditEntries`). */
export const useRksvOrderAuditTrail = (id: number, enabled = true) =>
  useInfiniteQuery(callPagesQuery(auditCalls.listRksvOrderAuditEntries, { id }, enabled));
