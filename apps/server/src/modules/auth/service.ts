import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AuthUser, Role } from '@portal/shared';
import { AUTH_MSG, FLAGS } from '@portal/shared';
import type { Db } from '../../db/client.js';
import { sessions, users, userTokens } from '../../db/schema/index.js';
import { HttpError, badRequest } from '../../platform/errors.js';
import { dummyPasswordHash, hashPassword, newPasswordProblem, verifyPassword } from '../../platform/passwords.js';
import { newToken, tokenHash } from '../../platform/tokens.js';
import { selectUserWithLabels, toSessionUser, type SessionUser } from '../../platform/auth.js';

export const MSG_USER_NOT_FOUND = AUTH_MSG.userNotFound;
export const MSG_BAD_CREDENTIALS = AUTH_MSG.badCredentials;
export const MSG_BUSINESS_ONLY = AUTH_MSG.businessOnly;
export const MSG_WRONG_OLD_PASSWORD = AUTH_MSG.wrongOldPassword;
export const MSG_INVITATION_INVALID = AUTH_MSG.invitationInvalid;

export function toAuthUser(u: SessionUser, accessToken: string, expiresAt: Date): AuthUser {
  const flags = Object.fromEntries(FLAGS.map((f) => [f, u[f]])) as Record<(typeof FLAGS)[number], boolean>;
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    accessToken,
    expiresIn: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
    country_id: u.country_id,
    country_name: u.country_name,
    lang_code: u.lang_code,
    agent_level_id: u.agent_level_id,
    agent_level_name: u.agent_level_name,
    ...flags,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<SessionUser | null> {
  const [row] = await selectUserWithLabels(db, {})
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  // No session yet: the sign-in creates it.
  return row ? toSessionUser(row, new Date(0)) : null;
}

export async function createSession(db: Db, userId: number, ttlSeconds: number) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  await db.insert(sessions).values({ user_id: userId, token_hash: tokenHash(token), expires_at: expiresAt });
  return { token, expiresAt };
}

/**
 * Checks email and password. Unknown email -> 404, wrong password -> 401 (the spec's two codes);
 * the unknown-email path still verifies a hash so that both take the same time.
 */
export async function signIn(
  db: Db,
  input: { email: string; password: string },
  opts: { ttlSeconds: number; onlyRole?: Role },
): Promise<AuthUser> {
  const user = await findUserByEmail(db, input.email);
  if (!user || !user.active) {
    await verifyPassword(await dummyPasswordHash(), input.password);
    throw new HttpError(404, MSG_USER_NOT_FOUND);
  }
  const ok = await verifyPassword(user.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!ok || !user.password_hash) throw new HttpError(401, MSG_BAD_CREDENTIALS);
  if (opts.onlyRole && user.role !== opts.onlyRole) throw new HttpError(403, MSG_BUSINESS_ONLY);
  const { token, expiresAt } = await createSession(db, user.id, opts.ttlSeconds);
  return toAuthUser(user, token, expiresAt);
}

export async function endSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sessionId));
}

/**
 * Changes the password and ends every other session of the user; the current one stays.
 * Returns the ended sessions' ids, so that their sockets can be closed.
 */
export async function changePassword(
  db: Db,
  user: SessionUser,
  currentSessionId: number,
  input: { oldPassword: string; newPassword: string },
): Promise<number[]> {
  if (!(await verifyPassword(user.password_hash, input.oldPassword))) throw badRequest(MSG_WRONG_OLD_PASSWORD);
  const problem = await newPasswordProblem(input.newPassword, user.password_hash);
  if (problem) throw badRequest(problem);
  const hashed = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: hashed, updated_at: new Date() }).where(eq(users.id, user.id));
    const ended = await tx
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(and(eq(sessions.user_id, user.id), ne(sessions.id, currentSessionId), isNull(sessions.revoked_at)))
      .returning({ id: sessions.id });
    return ended.map((r) => r.id);
  });
}

/** The invitation of this token, if it can still be used: unused and not expired. */
const validInvitation = (token: string) =>
  and(
    eq(userTokens.token_hash, tokenHash(token)),
    eq(userTokens.purpose, 'invite'),
    isNull(userTokens.used_at),
    gt(userTokens.expires_at, new Date()),
  );

async function findValidInvitation(db: Db, token: string) {
  const [row] = await db
    .select({ id: userTokens.id, user_id: userTokens.user_id, email: users.email, name: users.name })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.user_id))
    .where(validInvitation(token))
    .limit(1);
  return row ?? null;
}

export async function describeInvitation(db: Db, token: string) {
  const inv = await findValidInvitation(db, token);
  if (!inv) throw badRequest(MSG_INVITATION_INVALID);
  return { email: inv.email, name: inv.name };
}

/**
 * Uses the invitation once: the token is marked used in the same transaction that sets the password.
 * Every earlier session of the user ends; their ids are returned so that their sockets can be closed.
 */
export async function setPasswordFromInvitation(db: Db, token: string, password: string): Promise<number[]> {
  const problem = await newPasswordProblem(password);
  if (problem) throw badRequest(problem);
  const hashed = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(userTokens)
      .set({ used_at: new Date() })
      .where(validInvitation(token))
      .returning({ user_id: userTokens.user_id });
    if (!used) throw badRequest(MSG_INVITATION_INVALID);
    await tx.update(users).set({ password_hash: hashed, updated_at: new Date() }).where(eq(users.id, used.user_id));
    const ended = await tx
      .update(sessions)
      .set({ revoked_at: new Date() })
      .where(and(eq(sessions.user_id, used.user_id), isNull(sessions.revoked_at)))
      .returning({ id: sessions.id });
    return ended.map((r) => r.id);
  });
}
