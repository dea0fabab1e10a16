import { businessCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The customer, counts and the newest items (`getBusinessOverview`). */
export const useBusinessOverview = () => useCallQuery(businessCalls.getBusinessOverview, {});
