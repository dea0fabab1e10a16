import { businessRecordsCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The caller's customer record and sign-in e-mail (`getBusinessProfile`). */
export const useProfile = () => useCallQuery(businessRecordsCalls.getBusinessProfile, {});
