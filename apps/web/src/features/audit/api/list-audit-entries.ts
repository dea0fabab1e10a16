import { keepPreviousData } from '@tanstack/react-query';
import type { AuditFilter } from '@portal/shared';
import { auditCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

export const AUDIT_PAGE = 50;

/** A keyset page of the whole trail, filtered (`listAuditEntries`, admin). */
export const useAuditEntries = (filters: AuditFilter & { cursor?: number }) =>
  useCallQuery(auditCalls.listAuditEntries, { ...filters, limit: AUDIT_PAGE }, { placeholderData: keepPreviousData });
