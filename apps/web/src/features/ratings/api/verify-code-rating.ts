import type { VerifyCodeRating } from '@portal/shared';
import { ratingsCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** Step 2 → verified (400 wrong code, 410 locked or expired) (`verifyCodeRating`). */
export const verifyCodeRating = (input: VerifyCodeRating) => callApi(ratingsCalls.verifyCodeRating, input);
