import { tasksCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The audit of a closed task (`getTaskAudit`). */
export const useTaskAudit = (taskId: number, enabled: boolean) =>
  useCallQuery(tasksCalls.getTaskAudit, { id: taskId }, { enabled });
