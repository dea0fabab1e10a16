import { taskBillingCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The invoice of a closed emergency task {number, net, vat, gross, url} (`getTaskInvoice`); 404 when none. */
export const useTaskInvoice = (taskId: number, enabled: boolean) =>
  useCallQuery(taskBillingCalls.getTaskInvoice, { taskId }, { enabled, retry: false });
