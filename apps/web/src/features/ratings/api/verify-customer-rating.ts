import type { RatingCustomerInfo, VerifyCustomerRating } from '@portal/shared';
import { ratingsCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/*
 * The three public calls of the rating flow (backoffice.md 7 "Customer rating"): commands of a page
 * outside the query provider, so plain calls; the page keeps their state.
 */

/** Step 1 → the customer's firma, kundennummer and kontaktperson (`verifyCustomerRating`). */
export const verifyCustomerRating = async (input: VerifyCustomerRating): Promise<RatingCustomerInfo> =>
  (await callApi(ratingsCalls.verifyCustomerRating, input)).customerInfo;
