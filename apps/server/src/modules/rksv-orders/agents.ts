import { and, asc, eq, inArray } from 'drizzle-orm';
import { roles, users } from '../../db/schema/index.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';

/** Staff who may take RKSV orders (active, admin or agent, rksv flag): the agent filter and assignment. */
export async function rksvAgents(ctx: ServiceCtx, _viewer: Viewer) {
  return ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(users.active, true), eq(users.rksv, true), inArray(roles.role_name, ['admin', 'agent'])))
    .orderBy(asc(users.name))
    .limit(500);
}
