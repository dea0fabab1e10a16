import { auditCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** Recomputes the chain when asked (`verifyAuditTrail`): `enabled` once the admin pressed the button. */
export const useAuditVerification = (enabled: boolean) =>
  useCallQuery(auditCalls.verifyAuditTrail, {}, { enabled, staleTime: 0, gcTime: 0 });
