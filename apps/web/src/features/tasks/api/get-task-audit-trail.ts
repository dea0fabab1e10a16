import { useInfiniteQuery } from '@tanstack/react-query';
import { auditCalls } from '@portal/shared/contracts';
import { callPagesQuery } from '../../../lib/calls';

/** The task's entries of the audit trail, page by page (`listTaskAuditEntries`). */
export const useTaskAuditTrail = (id: number) =>
  useInfiniteQuery(callPagesQuery(auditCalls.listTaskAuditEntries, { id }));
