import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidate, recordsKeys } from './keys';

/** DELETE /business/branches/{id} */
export const deleteBranch = (id: number) => api<{ message: string }>(`/business/branches/${id}`, { method: 'DELETE' });

export function useDeleteBranch() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteBranch, onSuccess: () => invalidate(qc, recordsKeys.branches()) });
}
