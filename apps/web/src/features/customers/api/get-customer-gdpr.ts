import { customersCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** A customer's GDPR state for admins: the erasure with what is kept until when, and the latest export (`getCustomerGdpr`). */
export const useCustomerGdpr = (id: number, enabled: boolean) =>
  useCallQuery(customersCalls.getCustomerGdpr, { id }, { enabled });
