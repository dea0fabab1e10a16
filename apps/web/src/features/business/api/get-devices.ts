import { businessCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The signage screens of the own record (`listBusinessDevices`). */
export const useBusinessDevices = () => useCallQuery(businessCalls.listBusinessDevices, {});
