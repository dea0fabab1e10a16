import { taskBillingCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** A finished time entry {taskID, started_at, ended_at, note} (`recordTaskTime`); the task's queries refresh. */
export const useRecordTaskTime = () => useCallMutation(taskBillingCalls.recordTaskTime);
