import { z } from 'zod';
import { createUserSchema, userSettingsSchema } from '../schemas/auth.js';
import { messageSchema } from '../user.js';
import { access, defineCalls } from './define.js';

/** The choices of the staff screens (countries, roles, agent levels), new users, and the caller's settings. */
export const usersCalls = defineCalls('users', {
  listCountries: {
    method: 'GET',
    path: '/api/countries',
    access: access.staff,
    summary: 'The countries (id and name), for the staff screens’ choices',
    answer: z.array(z.object({ id: z.number(), country_name: z.string() })),
    errors: [400, 401, 403],
  },
  listRoles: {
    method: 'GET',
    path: '/api/roles',
    access: access.staff,
    summary: 'The user roles (id and name), for the user form',
    answer: z.array(z.object({ id: z.number(), role_name: z.string() })),
    errors: [400, 401, 403],
  },
  listAgentLevels: {
    method: 'GET',
    path: '/api/agent-levels',
    access: access.staff,
    summary: 'The agent levels (id and name), for the user form',
    answer: z.array(z.object({ id: z.number(), level_name: z.string() })),
    errors: [400, 401, 403],
  },
  createUser: {
    method: 'POST',
    path: '/api/create-user',
    access: access.admin,
    audit: { subject: 'user', answer: 'id' },
    summary: 'Create a user without a password and mail an invitation link (admin only; 409 on a duplicate email)',
    body: createUserSchema,
    answer: messageSchema,
    errors: [400, 401, 403, 409],
  },
  getUserSettings: {
    method: 'GET',
    path: '/api/user-settings',
    access: access.signedIn,
    summary: 'The caller’s settings',
    headers: z.looseObject({ 'accept-language': z.string().optional() }),
    answer: userSettingsSchema,
    errors: [400, 401],
  },
  updateUserSettings: {
    method: 'PUT',
    path: '/api/user-settings',
    access: access.signedIn,
    audit: { subject: 'user', id: 'viewer' },
    summary: 'Save the caller’s settings',
    body: userSettingsSchema,
    answer: userSettingsSchema,
    errors: [400, 401],
  },
});
