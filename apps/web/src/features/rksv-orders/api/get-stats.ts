import { rksvOrdersCalls as calls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The last 12 months of paid orders (`getRksvStats`). */
export const useRksvStats = () => useCallQuery(calls.getRksvStats, {});
