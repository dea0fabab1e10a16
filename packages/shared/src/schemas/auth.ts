import { z } from 'zod';
import { trimInvisible } from '../input-hygiene.js';
import { FLAGS, LANGUAGES } from '../enums.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';

const required = (message: string) => z.string({ error: message }).overwrite(trimInvisible).min(1, message);

export const loginSchema = z.object({
  email: required('E-Mail ist erforderlich').pipe(z.email('Ungültige E-Mail-Adresse')),
  // Compared as typed (a new password keeps every character); only blank counts as missing.
  password: z
    .string({ error: 'Passwort ist erforderlich' })
    .refine((v) => trimInvisible(v).length > 0, 'Passwort ist erforderlich')
    .max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const newPasswordSchema = z
  .string({ error: 'Passwort ist erforderlich' })
  .min(PASSWORD_MIN_LENGTH, `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein`)
  .max(PASSWORD_MAX_LENGTH, `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein`);

/** The server's further password rules (a list of common passwords is too large for the form). */
export const MSG_PASSWORD_COMMON = 'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.';
export const MSG_PASSWORD_UNCHANGED = 'Das neue Passwort muss sich vom aktuellen unterscheiden.';

export const changePasswordSchema = z.object({
  oldPassword: z.string({ error: 'Aktuelles Passwort ist erforderlich' }).min(1, 'Aktuelles Passwort ist erforderlich'),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The web form adds a confirmation; the server only gets the two fields above. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Die neuen Passwörter stimmen nicht überein',
    path: ['confirmPassword'],
  });

export const setPasswordSchema = z.object({
  token: required('Der Einladungslink ist ungültig'),
  password: newPasswordSchema,
});
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

const idField = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);

export const createUserSchema = z.object({
  name: required('Name ist erforderlich').max(200),
  email: required('E-Mail ist erforderlich').pipe(z.email('Ungültige E-Mail-Adresse')),
  tel: required('Telefonnummer ist erforderlich').max(50),
  country: idField('Land ist erforderlich'),
  role: idField('Rolle ist erforderlich'),
  agentLevel: idField('Agent-Level ist erforderlich'),
  permissions: z.array(z.enum(FLAGS, { error: 'Unbekannte Berechtigung' })).default([]),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const userSettingsSchema = z.object({
  push_notifications: z.boolean({ error: 'Ungültiger Wert' }),
  email_updates: z.boolean({ error: 'Ungültiger Wert' }),
  language: z.enum(LANGUAGES, { error: 'Ungültige Sprache' }),
  theme: z.enum(['light', 'dark', 'system'], { error: 'Ungültiges Design' }),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;
