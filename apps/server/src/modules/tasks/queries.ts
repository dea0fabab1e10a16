import { and, eq, gt, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  TASK_TOTAL_CAP,
  type TaskListQuery,
  type TaskRow,
  TASKS_MSG,
  type TaskSort,
  type TaskStatus,
} from '@portal/shared';
import { customPlan, type DbOrTx } from '../../db/client.js';
import { normalisedSearch, tasks, users } from '../../db/schema/index.js';
import { likeEscape } from '../../platform/db-helpers.js';
import { badRequest } from '../../platform/errors.js';
import { boardVersionSql } from './board-cache.js';
import { withSla, type RawTaskRow } from './sla.js';

/**
 * An agent's own board: the tasks assigned to them, created by them, or where their help was asked.
 * With the unassigned tab (the country's untaken tasks, board-routes.ts `agentScope`) it is the SQL
 * mirror of the shared `maySeeTask`; task-rules-sql.test.ts checks that both agree.
 */
export function visibleTo(agentId: number): SQL {
  return or(eq(tasks.user_id, agentId), eq(tasks.created_by_userid, agentId), eq(tasks.requested_user_id, agentId))!;
}

export interface BoardScope {
  countryId: number;
  status: TaskStatus;
  /** Set on the agent path: only what this agent may see. */
  visibleFor?: number;
}

/**
 * The staff whose name contains the search text, looked up before the board query: the users table
 * is small, and as constants in the query the planner can weigh the text conditions by their own
 * statistics (a subquery there made it expect a third of the board to match, so a search for a rare
 * word read the whole board in id order: 470 ms at 1,000,000 tasks instead of 1 ms).
 */
async function agentsNamed(db: DbOrTx, text: string): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(ilike(users.name, `%${likeEscape(text)}%`));
  return rows.map((r) => r.id);
}

/** A LIKE pattern for the normalised search columns: the text anywhere, folded as they are, literally. */
const containing = (text: string): SQL => sql`'%' || ${normalisedSearch(sql`${likeEscape(text)}::text`)} || '%'`;

/**
 * The board's filter in two parts: the conditions every row meets, and the alternatives of a search
 * (its text, the agents it names, the task number it may be), of which a row meets at least one.
 */
export function boardFilter(
  scope: BoardScope,
  q: Omit<TaskListQuery, 'sort' | 'limit' | 'cursor'>,
  namedAgents: number[] = [],
  at: Date = new Date(),
): { all: SQL[]; anyOf: SQL[] } {
  const all: SQL[] = [eq(tasks.country_id, scope.countryId), eq(tasks.status, scope.status)];
  if (scope.visibleFor) all.push(visibleTo(scope.visibleFor));
  if (q.unassigned) all.push(isNull(tasks.user_id));
  if (q.agentId) all.push(eq(tasks.user_id, q.agentId));
  if (q.typ) all.push(eq(tasks.typ, q.typ));
  if (q.firma) all.push(sql`${tasks.firma_search} like ${containing(q.firma)}`);
  // The running deadline (set only while open and not paused) passed, or its warning point passed;
  // both columns are in tasks_board_sla_idx. The SQL mirror of the shared `slaView` states.
  if (q.sla === 'breached') all.push(lte(tasks.sla_due_at, at));
  if (q.sla === 'warning') all.push(gt(tasks.sla_due_at, at), lte(tasks.sla_warn_at, at));
  const anyOf: SQL[] = [];
  if (q.q) {
    anyOf.push(sql`${tasks.search_text} like ${containing(q.q)}`);
    if (namedAgents.length) anyOf.push(inArray(tasks.user_id, namedAgents));
    const asId = /^#?(\d{1,9})$/.exec(q.q);
    if (asId) anyOf.push(eq(tasks.id, Number(asId[1])));
  }
  return { all, anyOf };
}

/**
 * The filter's rows as one SELECT per search alternative, joined by UNION: each alternative then
 * takes its own index. As one OR, a search that names an agent read the agent's 13,000 tasks from
 * the table to weigh the text part (10 ms at 1,000,000 tasks); split, the agent's part is an
 * index-only scan and the text part a trigram lookup (under 1 ms). `select` gets each branch's
 * WHERE and returns a complete, parenthesised SELECT.
 */
function eachAlternative(filter: { all: SQL[]; anyOf: SQL[] }, select: (where: SQL) => SQL): SQL {
  if (filter.anyOf.length <= 1) return select(and(...filter.all, ...filter.anyOf)!);
  return sql.join(
    filter.anyOf.map((alt) => select(and(...filter.all, alt)!)),
    sql` union `,
  );
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
    throw badRequest(TASKS_MSG.invalidCursor);
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
    case 'sla':
      // Most urgent running deadline first; paused and finished tasks (no running deadline) last.
      return { col: tasks.sla_due_at, dir: 'asc' as const };
    default:
      return { col: null, dir: 'desc' as const };
  }
}

/** An ISO 8601 UTC text with milliseconds, as `Date.toISOString()` writes it (columns keep milliseconds). */
const isoText = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One board row as a JSON object in the answer's key order (spec "Task"): the one place the row's
 * shape is written, for the pages, the catch-up and single rows alike. Plain text, built once:
 * letting the ORM render 19 column objects on every call cost more CPU than the query.
 */
const ROW_JSON = sql.raw(`json_build_object(
  'id', tasks.id, 'titel', tasks.titel, 'beschreibung', tasks.beschreibung,
  'frist', ${isoText('tasks.frist')}, 'erstellt_am', ${isoText('tasks.erstellt_am')},
  'erledigt_am', ${isoText('tasks.erledigt_am')}, 'abgeschlossen_am', ${isoText('tasks.abgeschlossen_am')},
  'status', tasks.status, 'typ', tasks.typ, 'tasktype', task_types.tasktype, 'country_id', tasks.country_id,
  'user_id', tasks.user_id, 'agent_name', agent.name, 'requested_user_id', tasks.requested_user_id,
  'requested_agent_name', helper.name, 'firma', tasks.firma, 'kundennummer', tasks.kundennummer,
  'created_by_userid', tasks.created_by_userid, 'has_audit', tasks.has_audit,
  'createdByUserID', tasks.created_by_userid,
  'sla', json_build_object('r', ${isoText('tasks.sla_response_due_at')}, 'd', ${isoText('tasks.sla_resolution_due_at')},
    'a', ${isoText('tasks.sla_responded_at')}, 'p', ${isoText('tasks.sla_paused_at')}, 'm', tasks.sla_paused_minutes,
    'due', ${isoText('tasks.sla_due_at')}, 'warn', ${isoText('tasks.sla_warn_at')}))`);
const ROW_JOINS = sql.raw(`join task_types on task_types.id = tasks.typ
  left join users agent on agent.id = tasks.user_id
  left join users helper on helper.id = tasks.requested_user_id`);

/**
 * One board page (keyset paging, so page 1000 costs what page 1 costs) and the capped total of the
 * filter, as the finished JSON answer. One statement, one round trip: PostgreSQL builds the page's
 * JSON text, and Node only splices it in, instead of parsing 100 rows and serialising them again.
 */
export async function listBoardJson(
  db: DbOrTx,
  scope: BoardScope,
  q: TaskListQuery,
  at: Date,
): Promise<{ json: string; version: number; validUntil: number }> {
  const filter = boardFilter(scope, q, q.q ? await agentsNamed(db, q.q) : [], at);
  const plan = sortPlan(q.sort);
  // Where the page starts, as alternatives each read in index order (a page merges them). Only the
  // `sla` sort has a column that may be null (last): after a dated row, the later dated ones and then
  // the undated ones; after an undated one, the undated ones with a higher id.
  let after: (SQL | undefined)[] = [undefined];
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    if (plan.col === tasks.sla_due_at) {
      after =
        c.v === null
          ? [and(isNull(tasks.sla_due_at), gt(tasks.id, c.id))]
          : [sql`(${tasks.sla_due_at}, ${tasks.id}) > (${new Date(c.v)}, ${c.id})`, isNull(tasks.sla_due_at)];
    } else if (plan.col) {
      const v = new Date(c.v ?? 0);
      after = [
        plan.dir === 'asc'
          ? sql`(${plan.col}, ${tasks.id}) > (${v}, ${c.id})`
          : sql`(${plan.col}, ${tasks.id}) < (${v}, ${c.id})`,
      ];
    } else {
      after = [lt(tasks.id, c.id)];
    }
  }
  const orderSql = sql.raw(plan.col ? `tasks.${plan.col.name} ${plan.dir}, tasks.id ${plan.dir}` : 'tasks.id desc');
  const cursorValue = sql.raw(plan.col ? isoText(`tasks.${plan.col.name}`) : 'null::text');
  // Each alternative's first rows in the page's order; merged, their first rows are the page's.
  const pageIds = eachAlternative(filter, (where) =>
    sql.join(
      after.map(
        (start) =>
          sql`(select tasks.id, ${sql.raw(plan.col ? `tasks.${plan.col.name}` : 'null::timestamptz')} as s from ${tasks}
        where ${and(where, start)} order by ${orderSql} limit ${q.limit + 1})`,
      ),
      sql` union `,
    ),
  );
  const capped = eachAlternative(
    filter,
    (where) => sql`(select tasks.id from ${tasks} where ${where} limit ${TASK_TOTAL_CAP + 1})`,
  );
  const result = await db.execute<{
    page: string;
    has_more: boolean;
    last_v: string | null;
    last_id: number | null;
    total: number;
    version: string;
  }>(sql`${q.q || q.firma ? customPlan : sql``}
    with hit as materialized (
      -- The page's rows first, by id only: the board indexes carry the filtered columns, so this is an
      -- index-only scan however many rows it passes over; only the page's rows are then read whole.
      select found.id from (${pageIds}) found order by ${sql.raw(plan.col ? `found.s ${plan.dir}, found.id ${plan.dir}` : 'found.id desc')}
      limit ${q.limit + 1}
    ),
    page as (
      select ${ROW_JSON} as j, tasks.id as id, ${cursorValue} as v, row_number() over (order by ${orderSql}) as rn
      from hit join ${tasks} on tasks.id = hit.id ${ROW_JOINS}
    )
    select (select coalesce(json_agg(j order by rn), '[]')::text from page where rn <= ${q.limit}) as page,
           (select count(*) from page) > ${q.limit} as has_more,
           (select v from page where rn = ${q.limit}) as last_v,
           (select id from page where rn = ${q.limit}) as last_id,
           -- A first page with room to spare holds every match: its rows are the total, and the
           -- capped count (an initplan, run only when this branch is taken) is not needed. Past the
           -- cap the sum of the branches may exceed it: the answer then says "more than the cap".
           case when ${sql.raw(q.cursor ? 'false' : 'true')} and (select count(*) from page) <= ${q.limit}
             then (select count(*)::int from page)
             else (select count(*)::int from (${capped}) capped)
           end as total,
           ${boardVersionSql(scope.countryId)} as version`);
  const r = (
    result as unknown as {
      rows: {
        page: string;
        has_more: boolean;
        last_v: string | null;
        last_id: number | null;
        total: number;
        version: string | number;
      }[];
    }
  ).rows[0]!;
  const nextCursor = r.has_more && r.last_id != null ? encodeCursor({ v: r.last_v, id: r.last_id }) : null;
  // The service level depends on the time and the calendars: worded here, on the page's rows only.
  const { rows, validUntil } = await withSla(db, JSON.parse(r.page) as RawTaskRow[], at);
  return {
    json: `{"tasks":${JSON.stringify(rows)},"total":${Math.min(r.total, TASK_TOTAL_CAP)},"totalCapped":${r.total > TASK_TOTAL_CAP},"nextCursor":${JSON.stringify(nextCursor)}}`,
    version: Number(r.version),
    validUntil,
  };
}

/** Board rows (ROW_JSON) of the tasks matching `where`, by id ascending, their service level at `at`. */
async function selectRows(db: DbOrTx, where: SQL, limit: number, at: Date): Promise<TaskRow[]> {
  const result = await db.execute<{ j: string }>(
    sql`select ${ROW_JSON}::text as j from ${tasks} ${ROW_JOINS} where ${where} order by tasks.id limit ${limit}`,
  );
  const raw = (result as unknown as { rows: { j: string }[] }).rows.map((r) => JSON.parse(r.j) as RawTaskRow);
  return (await withSla(db, raw, at)).rows;
}

/** Tasks with an id above `lastId` in the scope, oldest first: the board's 10-second catch-up. */
export async function listSince(db: DbOrTx, scope: BoardScope, lastId: number, limit: number, at: Date) {
  return selectRows(
    db,
    and(
      eq(tasks.country_id, scope.countryId),
      eq(tasks.status, scope.status),
      gt(tasks.id, lastId),
      scope.visibleFor ? visibleTo(scope.visibleFor) : undefined,
    )!,
    limit,
    at,
  );
}

export async function findRow(db: DbOrTx, taskId: number, at: Date): Promise<TaskRow | null> {
  const [row] = await selectRows(db, eq(tasks.id, taskId), 1, at);
  return row ?? null;
}
