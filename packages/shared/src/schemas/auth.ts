import { z } from 'zod';
import { AUTH_MSG } from '../messages/auth.js';
import { COMMON_MSG } from '../messages/common.js';
import { USERS_MSG } from '../messages/users.js';
import { trimInvisible } from '../input-hygiene.js';
import { FLAGS, LANGUAGES } from '../enums.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';

const required = (message: string) => z.string({ error: message }).overwrite(trimInvisible).min(1, message);

export const loginSchema = z.object({
  email: required(COMMON_MSG.emailRequired.code).pipe(z.email(COMMON_MSG.emailFormat.code)),
  // Compared as typed (a new password keeps every character); only blank counts as missing.
  password: z
    .string({ error: AUTH_MSG.passwordRequired.code })
    .refine((v) => trimInvisible(v).length > 0, AUTH_MSG.passwordRequired.code)
    .max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const newPasswordSchema = z
  .string({ error: AUTH_MSG.passwordRequired.code })
  .min(PASSWORD_MIN_LENGTH, AUTH_MSG.passwordTooShort.code)
  .max(PASSWORD_MAX_LENGTH, AUTH_MSG.passwordTooLong.code);

/** The server's further password rules (a list of common passwords is too large for the form). */

export const changePasswordSchema = z.object({
  oldPassword: z.string({ error: AUTH_MSG.oldPasswordRequired.code }).min(1, AUTH_MSG.oldPasswordRequired.code),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The web form adds a confirmation; the server only gets the two fields above. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_MSG.passwordsDiffer.code,
    path: ['confirmPassword'],
  });

export const setPasswordSchema = z.object({
  token: required(AUTH_MSG.invitationLinkInvalid.code),
  password: newPasswordSchema,
});
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

const idField = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);

export const createUserSchema = z.object({
  name: required(COMMON_MSG.nameRequired.code).max(200),
  email: required(COMMON_MSG.emailRequired.code).pipe(z.email(COMMON_MSG.emailFormat.code)),
  tel: required(COMMON_MSG.phoneRequired.code).max(50),
  country: idField(USERS_MSG.countryRequired.code),
  role: idField(USERS_MSG.roleRequired.code),
  agentLevel: idField(USERS_MSG.agentLevelRequired.code),
  permissions: z.array(z.enum(FLAGS, { error: USERS_MSG.unknownPermission.code })).default([]),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const userSettingsSchema = z.object({
  push_notifications: z.boolean({ error: COMMON_MSG.invalidValue.code }),
  email_updates: z.boolean({ error: COMMON_MSG.invalidValue.code }),
  language: z.enum(LANGUAGES, { error: AUTH_MSG.invalidLanguage.code }),
  theme: z.enum(['light', 'dark', 'system'], { error: AUTH_MSG.invalidTheme.code }),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;
