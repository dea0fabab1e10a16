import { and, asc, eq, gt, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TASK_TOTAL_CAP, type TaskListQuery, type TaskRow, type TaskSort, type TaskStatus } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { tasks, taskTypes, users } from '../../db/schema/index.js';
import { badRequest } from '../../platform/errors.js';

const agent = alias(users, 'agent');
const helper = alias(users, 'helper');

/** The columns of a board row (spec "Task"), one select with the two names joined in. */
export const rowColumns = {
  id: tasks.id,
  titel: tasks.titel,
  beschreibung: tasks.beschreibung,
  frist: tasks.frist,
  erstellt_am: tasks.erstellt_am,
  erledigt_am: tasks.erledigt_am,
  abgeschlossen_am: tasks.abgeschlossen_am,
  status: tasks.status,
  typ: tasks.typ,
  tasktype: taskTypes.tasktype,
  country_id: tasks.country_id,
  user_id: tasks.user_id,
  agent_name: agent.name,
  requested_user_id: tasks.requested_user_id,
  requested_agent_name: helper.name,
  firma: tasks.firma,
  kundennummer: tasks.kundennummer,
  created_by_userid: tasks.created_by_userid,
  has_audit: tasks.has_audit,
};

type RawRow = {
  [K in keyof typeof rowColumns]: unknown;
};

const iso = (d: unknown) =>
  d instanceof Date ? d.toISOString() : d == null ? null : new Date(String(d)).toISOString();

export function toTaskRow(r: RawRow): TaskRow {
  return {
    ...(r as unknown as TaskRow),
    frist: iso(r.frist)!,
    erstellt_am: iso(r.erstellt_am)!,
    erledigt_am: iso(r.erledigt_am),
    abgeschlossen_am: iso(r.abgeschlossen_am),
    createdByUserID: r.created_by_userid as number | null,
  };
}

export function selectRows(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.typ))
    .leftJoin(agent, eq(agent.id, tasks.user_id))
    .leftJoin(helper, eq(helper.id, tasks.requested_user_id));
}

/** An agent sees the tasks assigned to them, created by them, or where their help was asked. */
export function visibleTo(agentId: number): SQL {
  return or(eq(tasks.user_id, agentId), eq(tasks.created_by_userid, agentId), eq(tasks.requested_user_id, agentId))!;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface BoardScope {
  countryId: number;
  status: TaskStatus;
  /** Set on the agent path: only what this agent may see. */
  visibleFor?: number;
}

export function boardFilter(scope: BoardScope, q: Omit<TaskListQuery, 'sort' | 'limit' | 'cursor'>): SQL {
  const conds: SQL[] = [eq(tasks.country_id, scope.countryId), eq(tasks.status, scope.status)];
  if (scope.visibleFor) conds.push(visibleTo(scope.visibleFor));
  if (q.agentId) conds.push(eq(tasks.user_id, q.agentId));
  if (q.typ) conds.push(eq(tasks.typ, q.typ));
  if (q.firma) conds.push(ilike(tasks.firma, `%${likeEscape(q.firma)}%`));
  if (q.q) {
    const pattern = `%${likeEscape(q.q)}%`;
    const alternatives: SQL[] = [
      ilike(tasks.titel, pattern),
      ilike(tasks.beschreibung, pattern),
      ilike(tasks.firma, pattern),
      inArray(tasks.user_id, sql`(select ${users.id} from ${users} where ${users.name} ilike ${pattern})`),
    ];
    const asId = /^#?(\d{1,9})$/.exec(q.q);
    if (asId) alternatives.push(eq(tasks.id, Number(asId[1])));
    conds.push(or(...alternatives)!);
  }
  return and(...conds)!;
}

interface Cursor {
  v: string | null;
  id: number;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(s: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as Cursor;
    if (typeof c.id !== 'number' || (c.v !== null && typeof c.v !== 'string')) throw new Error();
    if (c.v !== null && Number.isNaN(new Date(c.v).getTime())) throw new Error();
    return c;
  } catch {
    throw badRequest('Ungültiger Cursor');
  }
}

/** Order and keyset condition of each sort; the column pairs match the board indexes. */
function sortPlan(sort: TaskSort) {
  switch (sort) {
    case 'created_asc':
      return { col: tasks.erstellt_am, dir: 'asc' as const };
    case 'created_desc':
      return { col: tasks.erstellt_am, dir: 'desc' as const };
    case 'due_asc':
      return { col: tasks.frist, dir: 'asc' as const };
    case 'due_desc':
      return { col: tasks.frist, dir: 'desc' as const };
    default:
      return { col: null, dir: 'desc' as const };
  }
}

/** One board page (keyset paging, so page 1000 costs what page 1 costs) and the total of the filter. */
export async function listBoard(db: DbOrTx, scope: BoardScope, q: TaskListQuery) {
  const filter = boardFilter(scope, q);
  const plan = sortPlan(q.sort);
  const conds: SQL[] = [filter];
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    if (plan.col) {
      const v = new Date(c.v ?? 0);
      conds.push(
        plan.dir === 'asc'
          ? sql`(${plan.col}, ${tasks.id}) > (${v}, ${c.id})`
          : sql`(${plan.col}, ${tasks.id}) < (${v}, ${c.id})`,
      );
    } else {
      conds.push(lt(tasks.id, c.id));
    }
  }
  // The page comes back as one JSON text built by PostgreSQL: parsing 19 columns of 100 rows in the
  // driver and mapping them in the ORM cost several times what the query itself costs.
  const orderSql = plan.col
    ? plan.dir === 'asc'
      ? sql`${plan.col} asc, ${tasks.id} asc`
      : sql`${plan.col} desc, ${tasks.id} desc`
    : sql`${tasks.id} desc`;
  const pageSql = sql`
    select coalesce(json_agg(page), '[]')::text as json from (
      select ${tasks.id} as id, ${tasks.titel} as titel, ${tasks.beschreibung} as beschreibung,
             ${tasks.frist} as frist, ${tasks.erstellt_am} as erstellt_am, ${tasks.erledigt_am} as erledigt_am,
             ${tasks.abgeschlossen_am} as abgeschlossen_am, ${tasks.status} as status, ${tasks.typ} as typ,
             ${taskTypes.tasktype} as tasktype, ${tasks.country_id} as country_id, ${tasks.user_id} as user_id,
             agent.name as agent_name, ${tasks.requested_user_id} as requested_user_id, helper.name as requested_agent_name,
             ${tasks.firma} as firma, ${tasks.kundennummer} as kundennummer, ${tasks.created_by_userid} as created_by_userid,
             ${tasks.has_audit} as has_audit
      from ${tasks}
      join ${taskTypes} on ${taskTypes.id} = ${tasks.typ}
      left join ${users} agent on agent.id = ${tasks.user_id}
      left join ${users} helper on helper.id = ${tasks.requested_user_id}
      where ${and(...conds)}
      order by ${orderSql}
      limit ${q.limit + 1}
    ) page`;
  const [pageResult, [countRow]] = await Promise.all([
    db.execute<{ json: string }>(pageSql),
    db.select({ total: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1` })
        .from(tasks)
        .where(filter)
        .limit(TASK_TOTAL_CAP + 1)
        .as('capped'),
    ),
  ]);
  const rows = JSON.parse((pageResult as unknown as { rows: { json: string }[] }).rows[0]?.json ?? '[]') as RawRow[];
  const page = rows.slice(0, q.limit).map(toTaskRow);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > q.limit && last
      ? encodeCursor({ v: plan.col ? (q.sort.startsWith('due') ? last.frist : last.erstellt_am) : null, id: last.id })
      : null;
  const total = countRow?.total ?? 0;
  return { tasks: page, total: Math.min(total, TASK_TOTAL_CAP), totalCapped: total > TASK_TOTAL_CAP, nextCursor };
}

/** Tasks with an id above `lastId` in the scope, oldest first: the board's 10-second catch-up. */
export async function listSince(db: DbOrTx, scope: BoardScope, lastId: number, limit: number) {
  const rows = await selectRows(db)
    .where(
      and(
        eq(tasks.country_id, scope.countryId),
        eq(tasks.status, scope.status),
        gt(tasks.id, lastId),
        scope.visibleFor ? visibleTo(scope.visibleFor) : undefined,
      ),
    )
    .orderBy(asc(tasks.id))
    .limit(limit);
  return rows.map(toTaskRow);
}

export async function findRow(db: DbOrTx, taskId: number): Promise<TaskRow | null> {
  const [r] = await selectRows(db).where(eq(tasks.id, taskId)).limit(1);
  return r ? toTaskRow(r) : null;
}
