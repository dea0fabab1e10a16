import { TASKS_MSG } from '@portal/shared';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { roles, tasks, users } from '../../db/schema/index.js';
import { badRequest } from '../../platform/errors.js';
import { afterCommit } from '../../platform/unit-of-work.js';
import type { TaskRecord } from './access.js';

export const MSG_UNKNOWN_AGENT = TASKS_MSG.unknownAgent;
export const MSG_OTHER_COUNTRY = TASKS_MSG.otherCountry;

/**
 * A staff member (admin or agent, active) of the task's country: staff work per country, so a task
 * is never given to (nor its help asked of) someone of another country. 400 otherwise.
 */
export async function countryStaffMember(
  tx: DbOrTx,
  userId: number,
  countryId: number,
): Promise<{ id: number; name: string }> {
  const [u] = await tx
    .select({ id: users.id, name: users.name, country_id: users.country_id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(users.id, userId), eq(users.active, true), inArray(roles.role_name, ['admin', 'agent'])));
  if (!u) throw badRequest(MSG_UNKNOWN_AGENT);
  if (u.country_id !== countryId) throw badRequest(MSG_OTHER_COUNTRY);
  return { id: u.id, name: u.name };
}

/** Active staff of a country with the tasks flag: who is told about a new unassigned request. */
export async function countryTaskStaff(tx: DbOrTx, countryId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(
      and(
        eq(users.active, true),
        eq(users.tasks, true),
        eq(users.country_id, countryId),
        inArray(roles.role_name, ['admin', 'agent']),
      ),
    );
  return rows.map((r) => r.id);
}

type Visible = Pick<TaskRecord, 'user_id' | 'created_by_userid' | 'requested_user_id' | 'country_id'>;

/**
 * Everyone who may see the task in one of the given states (the same rule as the shared `maySeeTask`): its agent,
 * creator and helper; admins with the tasks flag (they can switch the board to any country); and,
 * while it is unassigned, the agents of its country with the tasks flag.
 */
async function audience(tx: DbOrTx, states: Visible[]): Promise<number[]> {
  const people = states.flatMap((s) => [s.user_id, s.created_by_userid, s.requested_user_id]);
  const named = people.filter((id): id is number => typeof id === 'number');
  const unassignedIn = [...new Set(states.filter((s) => s.user_id === null).map((s) => s.country_id))];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(
      and(
        eq(users.active, true),
        or(
          named.length ? inArray(users.id, named) : undefined,
          and(eq(roles.role_name, 'admin'), eq(users.tasks, true)),
          unassignedIn.length
            ? and(eq(roles.role_name, 'agent'), eq(users.tasks, true), inArray(users.country_id, unassignedIn))
            : undefined,
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Records that a task moved or changed, for a `task_changed` socket event after commit to everyone
 * who could see it before or can see it now (a card leaves one board and lands on another). Reads
 * the task as this transaction sees it, so call it after the update.
 */
export async function recordTaskChange(tx: DbOrTx, taskId: number, before?: Visible): Promise<void> {
  if (!afterCommit.active()) return;
  const [now] = await tx
    .select({
      id: tasks.id,
      status: tasks.status,
      user_id: tasks.user_id,
      created_by_userid: tasks.created_by_userid,
      requested_user_id: tasks.requested_user_id,
      country_id: tasks.country_id,
    })
    .from(tasks)
    .where(eq(tasks.id, taskId));
  if (!now) return;
  const recipients = await audience(tx, before ? [before, now] : [now]);
  afterCommit.taskChanged({
    task: { id: now.id, status: now.status, agent_id: now.user_id, country_id: now.country_id },
    recipients,
  });
}
