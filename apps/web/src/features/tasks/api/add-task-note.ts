import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateTaskQueries } from './query-keys';

export interface AddTaskNoteInput {
  taskID: number;
  notiz: string;
  agentID: number;
}

/** POST /task-add-note {taskID, notiz, agentID}. */
export function addTaskNote(input: AddTaskNoteInput) {
  return api<{ message?: string }>('/task-add-note', { method: 'POST', body: input });
}

export function useAddTaskNote() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addTaskNote, onSuccess: () => void invalidateTaskQueries(qc) });
}
