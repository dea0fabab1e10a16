import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { COUNTRY, type AgentSummary } from '@portal/shared';
import { roles, tasks, taskTypes, users } from '../../db/schema/index.js';
import { forbidden } from '../../platform/errors.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';

export const listTaskTypes = (ctx: ServiceCtx) =>
  ctx.db
    .select({ id: taskTypes.id, tasktype: taskTypes.tasktype, description: taskTypes.description })
    .from(taskTypes)
    .orderBy(asc(taskTypes.id));

/**
 * Staff of a country with their open, done and closed counts, one grouped query: the viewer's country;
 * an admin may ask for another one, an agent gets 403.
 */
export async function listAgents(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { countryId?: number },
): Promise<AgentSummary[]> {
  const own = viewer.country_id ?? COUNTRY.AT;
  const countryId = input.countryId ?? own;
  if (countryId !== own && viewer.role !== 'admin') throw forbidden();
  const rows = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      O: sql<number>`count(${tasks.id}) filter (where ${tasks.status} = 'offen')::int`,
      E: sql<number>`count(${tasks.id}) filter (where ${tasks.status} = 'erledigt')::int`,
      A: sql<number>`count(${tasks.id}) filter (where ${tasks.status} = 'abgeschlossen')::int`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(tasks, and(eq(tasks.user_id, users.id), eq(tasks.country_id, countryId)))
    .where(and(eq(users.country_id, countryId), eq(users.active, true), inArray(roles.role_name, ['admin', 'agent'])))
    .groupBy(users.id, users.name)
    .orderBy(asc(users.name));
  return rows;
}
