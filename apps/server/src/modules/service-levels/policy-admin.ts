import { and, count, eq, inArray } from 'drizzle-orm';
import {
  COUNTRY,
  SERVICE_LEVELS_MSG as MSG,
  TASK_TYPE,
  said,
  type SlaPolicyInput,
  type SlaPolicyView,
} from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { slaPolicies, tasks } from '../../db/schema/index.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { loadSlaPolicies, policyFor } from './policies.js';
import { recomputeOpenTaskDeadlines } from './task-deadlines.js';

/** Open tasks per type (every country), what a policy change recomputes. */
async function openTasksByType(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db
    .select({ typ: tasks.typ, n: count() })
    .from(tasks)
    .where(and(inArray(tasks.country_id, Object.values(COUNTRY)), eq(tasks.status, 'offen')))
    .groupBy(tasks.typ);
  return new Map(rows.map((r) => [r.typ, r.n]));
}

async function customTypes(db: DbOrTx): Promise<Set<number>> {
  return new Set((await db.select({ id: slaPolicies.task_type_id }).from(slaPolicies)).map((r) => r.id));
}

/** GET /api/sla-policies: every task type's policy, the shipped default where an admin set none. */
export async function listSlaPolicies(ctx: ServiceCtx, _viewer: Viewer): Promise<SlaPolicyView[]> {
  const [policies, open, custom] = await Promise.all([
    loadSlaPolicies(ctx.db),
    openTasksByType(ctx.db),
    customTypes(ctx.db),
  ]);
  return Object.values(TASK_TYPE).map((id) => ({
    ...policyFor(policies, id),
    custom: custom.has(id),
    open_tasks: open.get(id) ?? 0,
  }));
}

/**
 * PUT /api/sla-policies/{taskTypeId}: the type's policy set, and the deadlines of its open tasks
 * recomputed in the same transaction (as a calendar change, calendar-admin.ts says why).
 */
export async function updateSlaPolicy(ctx: ServiceCtx, viewer: Viewer, input: { taskTypeId: number } & SlaPolicyInput) {
  const at = now(ctx);
  const values = {
    response_minutes: input.response_minutes,
    resolution_minutes: input.resolution_minutes,
    clock: input.clock,
    updated_at: at,
    updated_by: viewer.id,
  };
  return ctx.db.transaction(async (tx) => {
    await tx
      .insert(slaPolicies)
      .values({ task_type_id: input.taskTypeId, ...values })
      .onConflictDoUpdate({ target: slaPolicies.task_type_id, set: values });
    const recomputed = await recomputeOpenTaskDeadlines(tx, { taskTypeId: input.taskTypeId });
    const [open] = await tx
      .select({ n: count() })
      .from(tasks)
      .where(and(eq(tasks.status, 'offen'), eq(tasks.typ, input.taskTypeId)));
    return {
      ...said(MSG.policySaved),
      task_type_id: input.taskTypeId,
      response_minutes: input.response_minutes,
      resolution_minutes: input.resolution_minutes,
      clock: input.clock,
      custom: true,
      open_tasks: open?.n ?? 0,
      recomputed,
    };
  });
}
