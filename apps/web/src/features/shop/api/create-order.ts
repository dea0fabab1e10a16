import { useMutation } from '@tanstack/react-query';
import { shopCalls as calls } from '@portal/shared/contracts';
import type { RksvOrderRequest } from '@portal/shared';
import { callApi } from '../../../lib/calls';
import { keyForAttempt } from '../../../lib/idempotency';

/** The order with the solved proof of work (single use, from GET /web/challenge). */
export type OrderCall = RksvOrderRequest & { altcha: string };

/**
 * Stores the order and answers the checkout page as data.sessionUrl (`createRksvPayment`). The proof
 * of work travels beside the declared fields; one Idempotency-Key per submit: a retry of the same
 * submit opens no second order.
 */
export function createPayment(body: OrderCall) {
  const { altcha, ...order } = body;
  return callApi(calls.createRksvPayment, order, { beside: { altcha }, idempotencyKey: keyForAttempt(body) });
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
