import { useMutation } from '@tanstack/react-query';
import type { CallAnswer } from '@portal/shared/contracts';
import { shopCalls as calls } from '@portal/shared/contracts';
import type { RksvOrderRequest } from '@portal/shared';
import { api } from '../../../lib/api';
import { callUrl } from '../../../lib/calls';
import { idempotencyHeaders, keyForAttempt } from '../../../lib/idempotency';

/** The order with the solved proof of work (single use, from GET /web/challenge). */
export type OrderCall = RksvOrderRequest & { altcha: string };

/**
 * Stores the order and answers the checkout page as data.sessionUrl (`createRksvPayment`). Not
 * `callApi`: the proof of work travels beside the declared fields, which `callApi` would leave out.
 * One Idempotency-Key per submit: a retry of the same submit opens no second order.
 */
export function createPayment(body: OrderCall) {
  return api<CallAnswer<typeof calls.createRksvPayment>>(callUrl(calls.createRksvPayment), {
    method: calls.createRksvPayment.method,
    body,
    headers: idempotencyHeaders(keyForAttempt(body)),
  });
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
