import { useMutation } from '@tanstack/react-query';
import type { CheckoutResponse, RksvOrderRequest } from '@portal/shared';
import { api } from '../../../lib/api';

/** POST /web/create-rksv-payment: stores the order and answers the checkout page as data.sessionUrl. */
export function createPayment(body: RksvOrderRequest): Promise<CheckoutResponse> {
  return api<CheckoutResponse>('/web/create-rksv-payment', { method: 'POST', body });
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
