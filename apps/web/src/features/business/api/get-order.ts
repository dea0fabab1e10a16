import { businessCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** One own order with its cards (`getBusinessOrder`); nothing is fetched without an id. */
export const useBusinessOrder = (id: number | null) =>
  useCallQuery(businessCalls.getBusinessOrder, { id: id ?? 0 }, { enabled: id !== null });
