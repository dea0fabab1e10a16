import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionSchema } from '@portal/shared';
import { idempotencyHeaders, keyForAttempt } from '../../../lib/idempotency';
import { cashbookCall } from './client';
import { invalidateCashbook } from './query-keys';

/** POST /cashbook/transactions/{id}/reverse {reason} */
export const reverseTransaction = (vars: { id: number; reason: string }) =>
  cashbookCall(`/transactions/${vars.id}/reverse`, transactionSchema, {
    method: 'POST',
    body: { reason: vars.reason },
    headers: idempotencyHeaders(keyForAttempt(vars)),
  });

export function useReverseTransaction() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: reverseTransaction, onSettled: () => void invalidateCashbook(qc) });
}
