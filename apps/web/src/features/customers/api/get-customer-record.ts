import { customersCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/**
 * One customer's master data, its source and the timeline kinds the reader may see
 * (`getCustomerRecord`); `id` undefined (an address that names no customer) asks nothing.
 */
export const useCustomerRecord = (id: number | undefined) =>
  useCallQuery(customersCalls.getCustomerRecord, { id: id ?? 0 }, { enabled: id !== undefined });
