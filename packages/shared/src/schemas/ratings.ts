import { z } from 'zod';
import { RATINGS_MSG } from '../messages/ratings.js';
import { trimInvisible } from '../input-hygiene.js';
import { RATING_CODE_DIGITS, RATING_COMMENT_MAX, RATING_MAX, RATING_MIN } from '../stats-rules.js';

/** The public rating flow (backoffice.md "Rating flow"): customer number, then code, then the stars. */
const customerNumber = z
  .string({ error: RATINGS_MSG.customerNumberRequired.code })
  .transform(trimInvisible)
  .pipe(z.string().min(1, RATINGS_MSG.customerNumberRequired.code).max(50, RATINGS_MSG.customerNotFound.code));
const taskId = z.coerce
  .number({ error: RATINGS_MSG.invalidTask.code })
  .int(RATINGS_MSG.invalidTask.code)
  .positive(RATINGS_MSG.invalidTask.code)
  .max(2_147_483_647, RATINGS_MSG.invalidTask.code);
const verificationCode = z
  .string({ error: RATINGS_MSG.codeRequired.code })
  .trim()
  .min(1, RATINGS_MSG.codeRequired.code)
  .regex(new RegExp(`^\\d{${RATING_CODE_DIGITS}}$`), RATINGS_MSG.codeFormat.code);
const stars = z
  .number({ error: RATINGS_MSG.ratingRange.code })
  .int(RATINGS_MSG.ratingRange.code)
  .min(RATING_MIN, RATINGS_MSG.ratingRange.code)
  .max(RATING_MAX, RATINGS_MSG.ratingRange.code);

export const verifyCustomerRatingSchema = z.object({ customerNumber, taskId });
export type VerifyCustomerRating = z.infer<typeof verifyCustomerRatingSchema>;

export const verifyCodeRatingSchema = verifyCustomerRatingSchema.extend({ verificationCode });
export type VerifyCodeRating = z.infer<typeof verifyCodeRatingSchema>;

export const submitRatingSchema = verifyCodeRatingSchema.extend({
  timeRating: stars,
  satisfactionRating: stars,
  friendlinessRating: stars,
  comment: z
    .string()
    .max(RATING_COMMENT_MAX, RATINGS_MSG.commentTooLong.code)
    .optional()
    .transform((c) => (c?.trim() ? c.trim() : undefined)),
});
export type SubmitRating = z.input<typeof submitRatingSchema>;

export const ratingCustomerInfoSchema = z.object({
  customerInfo: z.object({
    firma: z.string().nullable(),
    kundennummer: z.string(),
    kontaktperson: z.string().nullable(),
  }),
});
export type RatingCustomerInfo = z.infer<typeof ratingCustomerInfoSchema>['customerInfo'];
export const ratingVerifiedSchema = z.object({ verified: z.literal(true) });
export const ratingSavedSchema = z.object({ message: z.string(), code: z.string().optional() });
