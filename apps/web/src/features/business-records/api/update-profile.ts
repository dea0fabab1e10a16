import { businessRecordsCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Changes the contact data {kontaktperson?, email?, telefon?} (`updateBusinessProfile`). */
export const useUpdateProfile = () => useCallMutation(businessRecordsCalls.updateBusinessProfile);
