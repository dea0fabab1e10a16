import { useInfiniteQuery } from '@tanstack/react-query';
import { auditCalls } from '@portal/shared/contracts';
import { callPagesQuery } from '../../../lib/calls';

/** The screen's entries of the audit trail, page by page (`listSignageDeviceAuditEntries`). */
export const useSignageDeviceAuditTrail = (id: number) =>
  useInfiniteQuery(callPagesQuery(auditCalls.listSignageDeviceAuditEntries, { id }));
