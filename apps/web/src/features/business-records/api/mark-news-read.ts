import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /business/news/{id}/read */
export const markNewsRead = (id: number) => api<{ message: string }>(`/business/news/${id}/read`, { method: 'POST' });

export function useMarkNewsRead() {
  const qc = useQueryClient();
  // The overview counts unread news too: refresh every query of the business dashboard.
  return useMutation({
    mutationFn: markNewsRead,
    onSuccess: () => qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('business') }),
  });
}
