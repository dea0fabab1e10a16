import { rksvOrdersCalls as calls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** Who did what to an order, newest first (`getRksvOrderActivity`). */
export const useRksvActivity = (orderId: number) => useCallQuery(calls.getRksvOrderActivity, { id: orderId });
