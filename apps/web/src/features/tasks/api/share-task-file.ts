import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateTaskQueries } from './query-keys';

/** PUT /task-files/{id}/share {shared}: the file appears in (or leaves) the customer's business dashboard. */
export const shareTaskFile = ({ fileId, shared }: { fileId: number; shared: boolean }) =>
  api<{ message: string }>(`/task-files/${fileId}/share`, { method: 'PUT', body: { shared } });

export function useShareTaskFile() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: shareTaskFile, onSuccess: () => void invalidateTaskQueries(qc) });
}
