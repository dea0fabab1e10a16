import { useMutation } from '@tanstack/react-query';
import type { CheckoutResponse, RksvOrderRequest } from '@portal/shared';
import { api } from '../../../lib/api';
import { idempotencyHeaders, keyForAttempt } from '../../../lib/idempotency';

/** The order with the solved proof of work (single use, from GET /web/challenge). */
export type OrderCall = RksvOrderRequest & { altcha: string };

/**
 * POST /web/create-rksv-payment: stores the order and answers the checkout page as data.sessionUrl.
 * One Idempotency-Key per submit: a retry of the same submit opens no second order.
 */
export function createPayment(body: OrderCall): Promise<CheckoutResponse> {
  return api<CheckoutResponse>('/web/create-rksv-payment', {
    method: 'POST',
    body,
    headers: idempotencyHeaders(keyForAttempt(body)),
  });
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
