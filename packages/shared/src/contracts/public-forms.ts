import { z } from 'zod';
import {
  classicSupportRequestSchema,
  companySwitchRequestSchema,
  depRequestSchema,
  emergencySupportRequestSchema,
  menuChangeRequestSchema,
  publicFormResponseSchema,
} from '../schemas/public-forms.js';
import { access, defineCalls, type CallSpec } from './define.js';

/** A proof-of-work challenge (ALTCHA, SHA-256) as the widget reads it. */
export const challengeSchema = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string(),
});

/** How long a challenge may be solved (minutes); single use. */
export const CHALLENGE_TTL_MINUTES = 10;

/** Every form call: limited per address (429), robots refused (400), then the schema, then the upload limits. */
const FORM_ERRORS = [400, 413, 415, 429] as const;

/**
 * A form with files, its text fields checked by the shared schema: files numbered `file0`, `file1`, …
 * (menu change, company switch) or as a repeated `files` field (support), as the spec has them.
 */
const multipartForm = <F extends z.ZodType>(path: string, summary: string, fields: F, numbered = false) =>
  ({
    method: 'POST',
    path,
    access: access.public,
    summary,
    multipart: numbered ? { fields, fileField: 'file', indexedFiles: true } : { fields, fileField: 'files' },
    answer: publicFormResponseSchema,
    errors: FORM_ERRORS,
    idempotent: true,
  }) as const satisfies CallSpec;

/**
 * The public request forms under /web/ (DEP export, menu change, company switch, emergency and classic
 * support). Each call passes, in this order: the per-IP limit, the honeypot, the single-use ALTCHA
 * solution (400 robot message for both), the shared schema; only then is anything stored.
 */
export const publicFormsCalls = defineCalls('public-forms', {
  getChallenge: {
    method: 'GET',
    path: '/web/challenge',
    access: access.public,
    summary: `A proof-of-work challenge (ALTCHA, SHA-256) for one form call; valid ${CHALLENGE_TTL_MINUTES} minutes, single use`,
    answer: challengeSchema,
    errors: [400, 429],
    cacheControl: 'no-store',
  },
  submitDepRequest: {
    method: 'POST',
    path: '/web/deprequest',
    access: access.public,
    summary: 'DEP export request (DEP7 and DEP131) → task of type DEP Export',
    body: depRequestSchema,
    answer: publicFormResponseSchema,
    errors: FORM_ERRORS,
    idempotent: true,
  },
  submitMenuChange: multipartForm(
    '/web/menuechange',
    'Menu change (multipart; files file0, file1, …) → task of type Menüänderung due on the chosen day',
    menuChangeRequestSchema,
    true,
  ),
  submitCompanySwitch: multipartForm(
    '/web/companyswitch',
    'Company switch (multipart; files file0, …) → task of type Firmenwechsel',
    companySwitchRequestSchema,
    true,
  ),
  submitEmergencySupport: multipartForm(
    '/web/emergency-support',
    'Emergency support (multipart; files) → task of type Emergency Support due in 24 hours',
    emergencySupportRequestSchema,
  ),
  submitClassicSupport: multipartForm(
    '/web/classic-support',
    'Regular support (multipart; files) → task of type Support due in 3 days',
    classicSupportRequestSchema,
  ),
});
