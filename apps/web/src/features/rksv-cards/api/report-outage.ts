import { rksvCardsCalls as calls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Records that an outage of more than 48 h was reported to the tax office (`reportRksvOutage`). */
export const useReportRksvOutage = () =>
  useCallMutation(calls.reportRksvOutage, { invalidates: ['rksv-cards', 'rksv-orders'] });
