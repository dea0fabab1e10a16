import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Branch, BranchInput } from '@portal/shared';
import { api } from '../../../lib/api';
import { idempotencyHeaders, keyForAttempt } from '../../../lib/idempotency';
import { invalidate, recordsKeys } from './keys';

type Answer = { message: string; branch: Branch };

/** POST /business/branches, or PUT /business/branches/{id} when an id is given. */
export const saveBranch = ({ id, body }: { id?: number; body: BranchInput }) =>
  id
    ? api<Answer>(`/business/branches/${id}`, { method: 'PUT', body })
    : api<Answer>('/business/branches', { method: 'POST', body, headers: idempotencyHeaders(keyForAttempt(body)) });

export function useSaveBranch() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveBranch, onSuccess: () => invalidate(qc, recordsKeys.branches()) });
}
