import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionSchema, type CreateTransactionInput } from '@portal/shared';
import { idempotencyHeaders, keyForAttempt } from '../../../lib/idempotency';
import { cashbookCall } from './client';
import { invalidateCashbook } from './query-keys';

/** POST /cashbook/transactions (amount in cents); one Idempotency-Key per submit. */
export const createTransaction = (body: CreateTransactionInput) =>
  cashbookCall('/transactions', transactionSchema, {
    method: 'POST',
    body,
    headers: idempotencyHeaders(keyForAttempt(body)),
  });

export function useCreateTransaction() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTransaction, onSuccess: () => void invalidateCashbook(qc) });
}
