import { signagePlayCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The months in which the own screens played (`listBusinessPlayMonths`). */
export const useBusinessPlayMonths = () => useCallQuery(signagePlayCalls.listBusinessPlayMonths, {});
