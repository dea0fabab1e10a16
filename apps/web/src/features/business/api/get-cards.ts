import { businessCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The signature cards of the own record's orders with state and next deadline (`listBusinessCards`). */
export const useBusinessCards = () => useCallQuery(businessCalls.listBusinessCards, {});
