import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Flag, Role } from '@portal/shared';
import type { Db, DbOrTx } from '../db/client.js';
import { agentLevels, countries, roles, sessions, users } from '../db/schema/index.js';
import { forbidden, unauthorized } from './errors.js';
import { tokenHash } from './tokens.js';
import { isApiPath } from './web-app.js';

/**
 * Who may call a route, declared in its `config.access`:
 * - 'public': anyone, no token needed;
 * - `{key, check}`: a caller with a key of its own (a signage screen), checked by the area's `check`;
 * - otherwise a valid session is required, optionally with one of `roles`, the `flag` (or any one
 *   of a list of flags, for data several areas work with) and every one of `allFlags`.
 * A route that declares nothing requires a signed-in user: forgetting the declaration fails closed.
 */
export type Access =
  | 'public'
  | { key: string; check: (req: FastifyRequest) => Promise<void> }
  | { roles?: readonly Role[]; flag?: Flag | readonly Flag[]; allFlags?: readonly Flag[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: number | null;
  }
}

export type UserRow = typeof users.$inferSelect;
export interface SessionUser extends UserRow {
  role: Role;
  country_name: string | null;
  agent_level_name: string | null;
  session_expires_at: Date;
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

/**
 * A select of users with the names of their role, country and agent level (the labels of the user
 * record), to narrow with a where and, when needed, join more to (`extra` adds their columns).
 * The one join behind the session lookup and the sign-in.
 */
export function selectUserWithLabels<E extends SelectedFields>(db: DbOrTx, extra: E) {
  return db
    .select({
      user: users,
      role: roles.role_name,
      country_name: countries.country_name,
      agent_level_name: agentLevels.level_name,
      ...extra,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(countries, eq(countries.id, users.country_id))
    .leftJoin(agentLevels, eq(agentLevels.id, users.agent_level_id));
}

/** A row of `selectUserWithLabels` as the session user. */
export function toSessionUser(
  row: { user: UserRow; role: string; country_name: string | null; agent_level_name: string | null },
  sessionExpiresAt: Date,
): SessionUser {
  return {
    ...row.user,
    role: row.role as Role,
    country_name: row.country_name,
    agent_level_name: row.agent_level_name,
    session_expires_at: sessionExpiresAt,
  };
}

/**
 * The session lookup behind every signed-in call, prepared once per database handle: on PostgreSQL a
 * named statement, so each connection plans it once instead of on every request, and the ORM does not
 * build it again either (both showed up in the profile of a board page under load, README "Figures").
 */
function sessionLookup(db: Db) {
  return selectUserWithLabels(db, { session_id: sessions.id, expires_at: sessions.expires_at })
    .innerJoin(sessions, eq(sessions.user_id, users.id))
    .where(
      and(
        eq(sessions.token_hash, sql.placeholder('tokenHash')),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, sql`now()`),
        eq(users.active, true),
      ),
    )
    .limit(1)
    .prepare('session_by_token');
}
const preparedLookups = new WeakMap<Db, ReturnType<typeof sessionLookup>>();

/** One query: the session by token hash, joined with its user and the user's labels. */
export async function findSession(db: Db, token: string) {
  let lookup = preparedLookups.get(db);
  if (!lookup) preparedLookups.set(db, (lookup = sessionLookup(db)));
  const [row] = await lookup.execute({ tokenHash: tokenHash(token) });
  if (!row) return null;
  return { user: toSessionUser(row, row.expires_at), sessionId: row.session_id };
}

export function registerAuthGuard(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  // onRequest runs before the body is read: an anonymous caller learns nothing from validation.
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    const url = req.routeOptions.url;
    // Outside the API prefixes live the web app's files and the health probes: public by nature.
    // The API docs are public too (they describe, they do not act).
    if (access === 'public' || !url || !isApiPath(url) || url.startsWith('/api/docs')) return;
    if (access && 'key' in access) return access.check(req);
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const found = await findSession(db, token);
    if (!found) throw unauthorized();
    req.user = found.user;
    req.sessionId = found.sessionId;
    if (access?.roles && !access.roles.includes(found.user.role)) throw forbidden();
    // Flags gate every role alike, admins included: the sidebar and the server apply one rule.
    if (access?.flag && !(typeof access.flag === 'string' ? [access.flag] : access.flag).some((f) => found.user[f]))
      throw forbidden();
    if (access?.allFlags && !access.allFlags.every((f) => found.user[f])) throw forbidden();
  });
}

/** For handlers on guarded routes: the signed-in user (the guard has already refused anonymous calls). */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
