import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AuthUser, Role } from '@portal/shared';
import { AUTH_MSG, FLAGS, ROLE_IDS } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { sessions, users, userTokens } from '../../db/schema/index.js';
import { HttpError, badRequest } from '../../platform/errors.js';
import { dummyPasswordHash, hashPassword, newPasswordProblem, verifyPassword } from '../../platform/passwords.js';
import { newToken, tokenHash } from '../../platform/tokens.js';
import { selectUserWithLabels, toSessionUser, type SessionUser } from '../../platform/auth.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import type { CallCtx } from '../../platform/serve.js';
import { hitRateLimit, rateLimitCount } from '../../platform/db-rate-limit.js';
import { appendAudit } from '../../platform/audit.js';

const ROLE_OF_ID = new Map(Object.entries(ROLE_IDS).map(([role, id]) => [id, role]));

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

async function findUserByEmail(db: DbOrTx, email: string): Promise<SessionUser | null> {
  const [row] = await selectUserWithLabels(db, {}).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  // No session yet: the sign-in creates it.
  return row ? toSessionUser(row, new Date(0)) : null;
}

async function createSession(db: DbOrTx, userId: number, ttlSeconds: number) {
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
  ctx: ServiceCtx,
  input: { email: string; password: string; onlyRole?: Role },
): Promise<AuthUser> {
  const { db } = ctx;
  const user = await findUserByEmail(db, input.email);
  if (!user || !user.active) {
    await verifyPassword(await dummyPasswordHash(), input.password);
    throw new HttpError(404, MSG_USER_NOT_FOUND);
  }
  const ok = await verifyPassword(user.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!ok || !user.password_hash) throw new HttpError(401, MSG_BAD_CREDENTIALS);
  if (input.onlyRole && user.role !== input.onlyRole) throw new HttpError(403, MSG_BUSINESS_ONLY);
  const { token, expiresAt } = await createSession(db, user.id, ctx.config.sessionTtlSeconds);
  return toAuthUser(user, token, expiresAt);
}

/**
 * Sign-in under the per-email limit (in the database, so all processes count together). Over it an
 * attacker must not lock the owner out: an address that has not failed a sign-in within the window
 * still gets its answer, and only a correct password counts. Any other answer over the limit is 429,
 * so the limit reveals nothing about the password or the account.
 */
export async function limitedSignIn(
  ctx: CallCtx<ServiceCtx>,
  input: { email: string; password: string; onlyRole?: Role },
): Promise<AuthUser> {
  const { db } = ctx;
  const { max, windowMs } = ctx.config.loginRateLimit;
  const tooMany = () => new HttpError(429, AUTH_MSG.tooManyAttempts);
  const failedFrom = `login-failed:${ctx.request.ip}`;
  const withinLimit = await hitRateLimit(db, `login:${input.email.toLowerCase()}`, max, windowMs);
  if (!withinLimit && (await rateLimitCount(db, failedFrom, windowMs)) > 0) throw tooMany();
  try {
    // The session and its audit row (issue 34: every sign-in is in the trail) commit together.
    return await db.transaction(async (tx) => {
      const user = await signIn({ ...ctx, db: tx }, input);
      await appendAudit(
        tx,
        {
          ...signInEvent(ctx, 'signIn', user.id),
          actor_id: user.id,
          actor_role: user.role,
          country_id: user.country_id,
        },
        now(ctx),
      );
      return user;
    });
  } catch (e) {
    if (e instanceof HttpError && [401, 403, 404].includes(e.statusCode)) {
      const [known] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, input.email.trim().toLowerCase()));
      await db.transaction((tx) =>
        appendAudit(
          tx,
          { ...signInEvent(ctx, 'signInFailed', known?.id ?? null), changes: { email: [null, input.email] } },
          now(ctx),
        ),
      );
    }
    if (e instanceof HttpError && (e.statusCode === 401 || e.statusCode === 404)) {
      await hitRateLimit(db, failedFrom, Number.MAX_SAFE_INTEGER, windowMs);
      if (!withinLimit) throw tooMany();
    }
    throw e;
  }
}

/** A sign-in's audit row: the account it concerns (if the e-mail is known), from where. */
const signInEvent = (ctx: CallCtx<ServiceCtx>, action: 'signIn' | 'signInFailed', userId: number | null) => ({
  actor_id: null,
  actor_role: 'anonymous',
  ip: ctx.request.ip,
  action,
  subject_kind: 'user' as const,
  subject_id: userId,
});

export async function endSession(ctx: ServiceCtx, viewer: Viewer, input: { sessionId: number }): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revoked_at: now(ctx) })
    .where(and(eq(sessions.id, input.sessionId), eq(sessions.user_id, viewer.id)));
}

/**
 * Changes the password and ends every other session of the user; the current one stays.
 * Returns the ended sessions' ids, so that their sockets can be closed.
 */
export async function changePassword(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { currentSessionId: number; oldPassword: string; newPassword: string },
): Promise<number[]> {
  const user = viewer;
  const { currentSessionId } = input;
  if (!(await verifyPassword(user.password_hash, input.oldPassword))) throw badRequest(MSG_WRONG_OLD_PASSWORD);
  const problem = await newPasswordProblem(input.newPassword, user.password_hash);
  if (problem) throw badRequest(problem);
  const hashed = await hashPassword(input.newPassword);
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password_hash: hashed, updated_at: now(ctx) })
      .where(eq(users.id, user.id));
    const ended = await tx
      .update(sessions)
      .set({ revoked_at: now(ctx) })
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

async function findValidInvitation(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ id: userTokens.id, user_id: userTokens.user_id, email: users.email, name: users.name })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.user_id))
    .where(validInvitation(token))
    .limit(1);
  return row ?? null;
}

export async function describeInvitation(ctx: ServiceCtx, input: { token: string }) {
  const inv = await findValidInvitation(ctx.db, input.token);
  if (!inv) throw badRequest(MSG_INVITATION_INVALID);
  return { email: inv.email, name: inv.name };
}

/**
 * Uses the invitation once: the token is marked used in the same transaction that sets the password.
 * Every earlier session of the user ends; their ids are returned so that their sockets can be closed.
 */
export async function setPasswordFromInvitation(
  ctx: CallCtx<ServiceCtx>,
  input: { token: string; password: string },
): Promise<number[]> {
  const { token, password } = input;
  const problem = await newPasswordProblem(password);
  if (problem) throw badRequest(problem);
  const hashed = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(userTokens)
      .set({ used_at: now(ctx) })
      .where(validInvitation(token))
      .returning({ user_id: userTokens.user_id });
    if (!used) throw badRequest(MSG_INVITATION_INVALID);
    const [user] = await tx
      .update(users)
      .set({ password_hash: hashed, updated_at: now(ctx) })
      .where(eq(users.id, used.user_id))
      .returning({ role_id: users.role_id, country_id: users.country_id });
    const ended = await tx
      .update(sessions)
      .set({ revoked_at: now(ctx) })
      .where(and(eq(sessions.user_id, used.user_id), isNull(sessions.revoked_at)))
      .returning({ id: sessions.id });
    await appendAudit(
      tx,
      {
        actor_id: used.user_id,
        actor_role: ROLE_OF_ID.get(user!.role_id) ?? 'anonymous',
        ip: ctx.request.ip,
        action: 'setPassword',
        subject_kind: 'user',
        subject_id: used.user_id,
        country_id: user!.country_id,
        changes: { password_hash: [null, '***'] },
      },
      now(ctx),
    );
    return ended.map((r) => r.id);
  });
}
