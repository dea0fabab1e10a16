import { asc, eq } from 'drizzle-orm';
import {
  COUNTRY,
  type CreateUserInput,
  FLAGS,
  INVITATION_TTL_HOURS,
  type Language,
  languageFromLangCode,
  LANGUAGES,
  USERS_MSG,
  type UserSettings,
} from '@portal/shared';
import { agentLevels, countries, roles, users, userSettings, userTokens } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../platform/db-helpers.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { queueMail } from '../../platform/mail.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { newToken, tokenHash } from '../../platform/tokens.js';

export const MSG_DUPLICATE_EMAIL = USERS_MSG.duplicateEmail;

export const listCountries = (ctx: ServiceCtx) =>
  ctx.db.select({ id: countries.id, country_name: countries.country_name }).from(countries).orderBy(asc(countries.id));
export const listRoles = (ctx: ServiceCtx) => ctx.db.select().from(roles).orderBy(asc(roles.id));
export const listAgentLevels = (ctx: ServiceCtx) => ctx.db.select().from(agentLevels).orderBy(asc(agentLevels.id));

/**
 * Creates a user without a password and queues the invitation mail in the same transaction.
 * Returns the mail id so that the caller can deliver it after commit.
 */
export async function createInvitedUser(ctx: ServiceCtx, _viewer: Viewer, input: CreateUserInput): Promise<number> {
  const { db } = ctx;
  const { publicUrl } = ctx.config;
  const email = input.email.trim().toLowerCase();
  const flags = Object.fromEntries(FLAGS.map((f) => [f, input.permissions.includes(f)]));
  const token = newToken();
  try {
    return await db.transaction(async (tx) => {
      const [c] = await tx.select({ id: countries.id }).from(countries).where(eq(countries.id, input.country));
      if (!c) throw badRequest(USERS_MSG.unknownCountry);
      const [r] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, input.role));
      if (!r) throw badRequest(USERS_MSG.unknownRole);
      const [l] = await tx.select({ id: agentLevels.id }).from(agentLevels).where(eq(agentLevels.id, input.agentLevel));
      if (!l) throw badRequest(USERS_MSG.unknownAgentLevel);
      const [user] = await tx
        .insert(users)
        .values({
          email,
          name: input.name.trim(),
          tel: input.tel.trim(),
          country_id: input.country,
          role_id: input.role,
          agent_level_id: input.agentLevel,
          lang_code: input.country === COUNTRY.EG ? 'en_US' : 'de_DE',
          ...flags,
        })
        .returning({ id: users.id });
      await tx.insert(userTokens).values({
        user_id: user!.id,
        purpose: 'invite',
        token_hash: tokenHash(token),
        expires_at: new Date(now(ctx).getTime() + INVITATION_TTL_HOURS * 3600 * 1000),
      });
      const link = `${publicUrl}/set-password?token=${encodeURIComponent(token)}`;
      return queueMail(tx, {
        to: email,
        subject: 'Einladung zum Service-Portal',
        text:
          `Hallo ${input.name.trim()},\n\n` +
          `für Sie wurde ein Zugang zum Service-Portal angelegt. Bitte wählen Sie Ihr Passwort über diesen Link ` +
          `(gültig ${INVITATION_TTL_HOURS} Stunden, einmal verwendbar):\n\n${link}\n\n` +
          `Ihre Anmelde-E-Mail: ${email}\n`,
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(MSG_DUPLICATE_EMAIL);
    throw e;
  }
}

const DEFAULT_SETTINGS: Omit<UserSettings, 'language'> = {
  push_notifications: true,
  email_updates: false,
  theme: 'system',
};

const LANG_CODES: Record<Language, string> = { de: 'de_DE', en: 'en_US', fr: 'fr_FR', ar: 'ar_EG' };

/** The first language of an Accept-Language header the portal has, in the browser's order of preference. */
export function browserLanguage(acceptLanguage: string | undefined): Language | null {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(/^\s*q=([\d.]+)/.exec(params.join(';'))?.[1] ?? 1);
      return { lang: tag.slice(0, 2).toLowerCase(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((x) => x.q > 0 && (LANGUAGES as readonly string[]).includes(x.lang))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return (ranked[0]?.lang as Language | undefined) ?? null;
}

const unchosenLanguage = (user: { lang_code: string }, acceptLanguage: string | undefined): Language =>
  browserLanguage(acceptLanguage) ?? languageFromLangCode(user.lang_code);

/**
 * The language a signed-in user works in, the rule of sign-in and of every session check:
 * 1. a language the user chose (sidebar or settings page; saving it writes the user_settings row) wins;
 * 2. without a choice, the browser's language if the portal has it (an Egyptian agent with an Arabic
 *    browser works in Arabic, not in the English their account was created with);
 * 3. otherwise the account's lang_code (set by country when the account was created).
 */
export async function workingLanguage(
  ctx: ServiceCtx,
  input: { user: { id: number; lang_code: string }; acceptLanguage: string | undefined },
): Promise<Language> {
  const { user, acceptLanguage } = input;
  const [chosen] = await ctx.db
    .select({ language: userSettings.language })
    .from(userSettings)
    .where(eq(userSettings.user_id, user.id));
  return chosen ? languageFromLangCode(chosen.language) : unchosenLanguage(user, acceptLanguage);
}

/** A sign-in or session answer whose lang_code is the working language (the client sets its language from it). */
export async function withWorkingLanguage<T extends { id: number; lang_code: string }>(
  ctx: ServiceCtx,
  input: { user: T; acceptLanguage: string | undefined },
): Promise<T> {
  return { ...input.user, lang_code: LANG_CODES[await workingLanguage(ctx, input)] };
}

/** The saved settings; without saved ones the defaults, with the language the user works in. */
export async function getUserSettings(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { acceptLanguage?: string },
): Promise<UserSettings> {
  const user = viewer;
  const { acceptLanguage } = input;
  const userId = user.id;
  const [row] = await ctx.db.select().from(userSettings).where(eq(userSettings.user_id, userId));
  // No row means no choice yet: the language is the one workingLanguage gives without a choice.
  if (!row) return { ...DEFAULT_SETTINGS, language: unchosenLanguage(user, acceptLanguage) };
  return {
    push_notifications: row.push_notifications,
    email_updates: row.email_updates,
    language: row.language as UserSettings['language'],
    theme: row.theme as UserSettings['theme'],
  };
}

/** Saves the settings; the chosen language also becomes the user's lang_code, so the next sign-in uses it. */
export async function saveUserSettings(ctx: ServiceCtx, viewer: Viewer, s: UserSettings): Promise<UserSettings> {
  const userId = viewer.id;
  const langCode = LANG_CODES[s.language];
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(userSettings)
      .values({ user_id: userId, ...s })
      .onConflictDoUpdate({ target: userSettings.user_id, set: { ...s, updated_at: now(ctx) } });
    await tx
      .update(users)
      .set({ lang_code: langCode, updated_at: now(ctx) })
      .where(eq(users.id, userId));
  });
  return s;
}
