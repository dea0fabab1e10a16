import {
  ratingCustomerInfoSchema,
  ratingSavedSchema,
  ratingVerifiedSchema,
  submitRatingSchema,
  verifyCodeRatingSchema,
  verifyCustomerRatingSchema,
} from '../schemas/ratings.js';
import { ratingStatsSchema, statsCountryAgentParams, statsCountryParams } from '../schemas/stats.js';
import { access, defineCalls } from './define.js';

const PUBLIC_ERRORS = [400, 404, 409, 410, 429] as const;

/** The public rating flow (three calls under /web/, limited per address) and the rating statistics of the staff screens. */
export const ratingsCalls = defineCalls('ratings', {
  verifyCustomerRating: {
    method: 'POST',
    path: '/web/verify-customer-rating',
    access: access.public,
    summary: "Step 1: the customer number is the task's → firma, kundennummer, kontaktperson (else 404)",
    body: verifyCustomerRatingSchema,
    answer: ratingCustomerInfoSchema,
    errors: PUBLIC_ERRORS,
  },
  verifyCodeRating: {
    method: 'POST',
    path: '/web/verify-code-rating',
    access: access.public,
    summary: 'Step 2: the mailed code (400 wrong, 410 locked after 5 wrong tries or expired after 30 days)',
    body: verifyCodeRatingSchema,
    answer: ratingVerifiedSchema,
    errors: PUBLIC_ERRORS,
  },
  submitRating: {
    method: 'POST',
    path: '/web/submit-rating',
    access: access.public,
    summary: 'Step 3: three ratings 1..5 and an optional comment; one rating per closed task (409)',
    body: submitRatingSchema,
    answer: ratingSavedSchema,
    status: 201,
    errors: PUBLIC_ERRORS,
  },
  getTaskRatingsStatsAdmin: {
    method: 'GET',
    path: '/api/get-task-ratings-stats-admin/:countryId',
    access: access.adminWith('tasks'),
    summary: "Ratings of the country's tasks per month of the 6-month window, newest first",
    params: statsCountryParams,
    answer: ratingStatsSchema,
    errors: [400, 401, 403],
  },
  getTaskRatingsStatsAgent: {
    method: 'GET',
    path: '/api/get-task-ratings-stats-agent/:countryId/:agentId',
    access: access.staffWith('tasks'),
    summary: 'Ratings counted for one agent per month (agentId must be the caller, unless admin)',
    params: statsCountryAgentParams,
    answer: ratingStatsSchema,
    errors: [400, 401, 403],
  },
});
