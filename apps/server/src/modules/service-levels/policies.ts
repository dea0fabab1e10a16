import { DEFAULT_SLA_POLICIES, type SlaClock, type SlaPolicy } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { slaPolicies } from '../../db/schema/index.js';

/** Every task type's service level: the one an admin set, else the shipped default. */
export async function loadSlaPolicies(db: DbOrTx): Promise<Map<number, SlaPolicy>> {
  return policiesFrom(await db.select().from(slaPolicies));
}

type PolicyRow = Pick<
  typeof slaPolicies.$inferSelect,
  'task_type_id' | 'response_minutes' | 'resolution_minutes' | 'clock'
>;

/** The policies from the stored rows, over the shipped defaults. */
export function policiesFrom(rows: readonly PolicyRow[]): Map<number, SlaPolicy> {
  const out = new Map(DEFAULT_SLA_POLICIES.map((p) => [p.task_type_id, p]));
  for (const row of rows) {
    out.set(row.task_type_id, {
      task_type_id: row.task_type_id,
      response_minutes: row.response_minutes,
      resolution_minutes: row.resolution_minutes,
      clock: row.clock as SlaClock,
    });
  }
  return out;
}

/** The policy of one task type (a type unknown to the defaults gets regular support's). */
export function policyFor(policies: Map<number, SlaPolicy>, taskTypeId: number): SlaPolicy {
  return policies.get(taskTypeId) ?? { ...DEFAULT_SLA_POLICIES[0]!, task_type_id: taskTypeId };
}
