import { z } from 'zod';
import { AUTH_MSG } from '../messages/auth.js';
import { changePasswordSchema, loginSchema, setPasswordSchema } from '../schemas/auth.js';
import { authUserSchema, messageSchema } from '../user.js';
import { access, defineCalls } from './define.js';

/** The caller’s preferred languages (a sign-in answer’s working language follows them); other headers pass untouched. */
const languageHeader = z.looseObject({ 'accept-language': z.string().optional() });

/** Sign-in, session and password calls under /auth (and /api/logout). */
export const authCalls = defineCalls('auth', {
  login: {
    method: 'POST',
    path: '/auth/login',
    access: access.public,
    summary: 'Sign in (staff and customers)',
    body: loginSchema,
    headers: languageHeader,
    answer: authUserSchema,
    errors: [400, 401, 403, 404, 429],
  },
  businessLogin: {
    method: 'POST',
    path: '/auth/business-login',
    access: access.public,
    summary: 'Sign in for business customers only (403 for staff)',
    body: loginSchema,
    headers: languageHeader,
    answer: authUserSchema,
    errors: [400, 401, 403, 404, 429],
  },
  verifyToken: {
    method: 'GET',
    path: '/auth/verify-token',
    access: access.signedIn,
    summary: 'The user of a valid token; 401 otherwise',
    headers: z.looseObject({ authorization: z.string().optional(), 'accept-language': z.string().optional() }),
    answer: authUserSchema,
    errors: [400, 401],
  },
  changePassword: {
    method: 'POST',
    path: '/auth/change-password',
    access: access.signedIn,
    audit: { subject: 'user', id: 'viewer', anyRole: true },
    summary: 'Change the own password; other sessions of the user end',
    body: changePasswordSchema,
    answer: messageSchema,
    errors: [400, 401],
  },
  getInvitation: {
    method: 'GET',
    path: '/auth/invitation',
    access: access.public,
    summary: 'Who an invitation link is for (400 when invalid, expired or used)',
    query: z.object({ token: z.string().min(1, AUTH_MSG.invitationLinkInvalid.code) }),
    answer: z.object({ email: z.string(), name: z.string() }),
    errors: [400, 429],
  },
  setPassword: {
    method: 'POST',
    path: '/auth/set-password',
    access: access.public,
    summary: 'Choose the first password through an invitation link (single use, 72 hours)',
    body: setPasswordSchema,
    answer: messageSchema,
    errors: [400, 429],
  },
  logout: {
    method: 'POST',
    path: '/api/logout',
    access: access.signedIn,
    audit: { subject: 'user', id: 'viewer' },
    summary: 'End the current session',
    answer: messageSchema,
    errors: [400, 401],
  },
});
