import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaskNote } from '@portal/shared';
import { api } from '../../../lib/api';
import { taskKeys } from './query-keys';

/** GET /task-get-notes/{taskId}. */
export function getTaskNotes(taskId: number, signal?: AbortSignal): Promise<TaskNote[]> {
  return api<TaskNote[]>(`/task-get-notes/${taskId}`, { signal });
}

export const taskNotesQueryOptions = (taskId: number) =>
  queryOptions({ queryKey: taskKeys.notes(taskId), queryFn: ({ signal }) => getTaskNotes(taskId, signal) });

/** The notes; the detail answer's notes stand in until the list has loaded. */
export function useTaskNotes(taskId: number, placeholder?: TaskNote[]) {
  return useQuery({ ...taskNotesQueryOptions(taskId), placeholderData: placeholder });
}
