import { useMutation, useQueryClient } from '@tanstack/react-query';
import { closingSchema, type CreateClosingInput } from '@portal/shared';
import { idempotencyHeaders, keyForAttempt } from '../../../lib/idempotency';
import { cashbookCall } from './client';
import { invalidateCashbook } from './query-keys';

/** POST /cashbook/monthly-closings {month: 'YYYY-MM-01', physical_balance, notes?}; the server computes the figures. */
export const createClosing = (body: CreateClosingInput) =>
  cashbookCall('/monthly-closings', closingSchema, {
    method: 'POST',
    body,
    headers: idempotencyHeaders(keyForAttempt(body)),
  });

export function useCreateClosing() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createClosing, onSuccess: () => void invalidateCashbook(qc) });
}
