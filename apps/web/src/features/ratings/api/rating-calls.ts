import type { RatingCustomerInfo, SubmitRating, VerifyCodeRating, VerifyCustomerRating } from '@portal/shared';
import { api } from '../../../lib/api';

/*
 * The three public calls of the rating flow (backoffice.md 7 "Customer rating"). Commands of a page
 * outside the query provider, so plain calls; the page keeps their state.
 */

/** POST /web/verify-customer-rating → the customer's firma, kundennummer and kontaktperson. */
export async function verifyCustomerRating(body: VerifyCustomerRating): Promise<RatingCustomerInfo> {
  return (await api<{ customerInfo: RatingCustomerInfo }>('/web/verify-customer-rating', { method: 'POST', body }))
    .customerInfo;
}

/** POST /web/verify-code-rating → verified (400 wrong code, 410 locked or expired). */
export function verifyCodeRating(body: VerifyCodeRating): Promise<{ verified: true }> {
  return api<{ verified: true }>('/web/verify-code-rating', { method: 'POST', body });
}

/** POST /web/submit-rating → 201 with the thank-you message. */
export function submitRating(body: SubmitRating): Promise<{ message: string }> {
  return api<{ message: string }>('/web/submit-rating', { method: 'POST', body });
}
