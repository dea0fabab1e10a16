import { taskBillingCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** An emergency task's time entries, total and what closing would bill (`getTaskTime`). */
export const useTaskTime = (taskId: number, enabled = true) =>
  useCallQuery(taskBillingCalls.getTaskTime, { taskId }, { enabled });
