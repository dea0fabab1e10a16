import type { SubmitRating } from '@portal/shared';
import { ratingsCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** Step 3 → 201 with the thank-you message (`submitRating`). */
export const submitRating = (input: SubmitRating) => callApi(ratingsCalls.submitRating, input);
