import { shopCalls as calls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** The buyer came back without paying (`updateRksvOrderStatus`, only `failed`); the shown order stays as loaded. */
export const useReportFailed = () => useCallMutation(calls.updateRksvOrderStatus, { invalidates: [] });
