import { useInfiniteQuery } from '@tanstack/react-query';
import { auditCalls } from '@portal/shared/contracts';
import { callPagesQuery } from '../../../lib/calls';

/** What staff did to the customer or a thing of theirs, page by page (`listCustomerAuditEntries`). */
export const useCustomerAuditTrail = (id: number, enabled: boolean) =>
  useInfiniteQuery(callPagesQuery(auditCalls.listCustomerAuditEntries, { id }, enabled));
