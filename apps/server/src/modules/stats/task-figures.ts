import { sql, type SQL } from 'drizzle-orm';
import type { AgentOverviewRow, TaskStats, TasksOverview } from '@portal/shared';
import { roles, tasks, taskTypes, users } from '../../db/schema/index.js';
import type { DbOrTx } from '../../platform/service.js';
import { firstRow, viennaMonth, windowMonths, windowStart } from './window.js';

/** Which tasks a statistic counts: a country's, an agent's, or an agent's within a country. */
export interface TaskFilter {
  countryId?: number;
  agentId?: number;
}

function taskWhere(f: TaskFilter): SQL {
  const parts = [sql`${tasks.erstellt_am} >= ${windowStart}`];
  if (f.countryId !== undefined) parts.push(sql`${tasks.country_id} = ${f.countryId}`);
  if (f.agentId !== undefined) parts.push(sql`${tasks.user_id} = ${f.agentId}`);
  return sql.join(parts, sql` and `);
}

// The counters of one group; "overdue" is `offen` with the due date in the past (task-rules isOverdue).
const COUNTERS = sql`count(*)::int as total,
  (count(*) filter (where status = 'offen'))::int as open,
  (count(*) filter (where status = 'erledigt'))::int as completed,
  (count(*) filter (where status = 'abgeschlossen'))::int as closed,
  (count(*) filter (where status = 'offen' and frist < now()))::int as overdue,
  avg(extract(epoch from erledigt_am - erstellt_am)) filter (where erledigt_am is not null) as avg_seconds`;

interface Figures {
  totals: {
    total: number;
    open: number;
    completed: number;
    closed: number;
    overdue: number;
    avg_seconds: number | null;
  };
  byMonth: { month: string; created: number; completed: number; closed: number; overdue: number }[];
  byType: { typ: number; count: number }[];
}

/**
 * The tasks created in the window, counted once in one pass (grouping sets: all, per month of creation
 * in Vienna, per type) and shaped into JSON by PostgreSQL: the 6 months always (generate_series, zeros
 * included), every task type (zeros included). Nothing but the answer leaves the database.
 */
async function taskFigures(db: DbOrTx, filter: TaskFilter): Promise<Figures> {
  const result = await db.execute(sql`
    with g as (
      select grouping(month) as gm, grouping(typ) as gt, month, typ, ${COUNTERS}
      from (
        select status, typ, frist, erstellt_am, erledigt_am, ${viennaMonth(tasks.erstellt_am)} as month
        from ${tasks} where ${taskWhere(filter)}
      ) t
      group by grouping sets ((), (month), (typ))
    )
    select json_build_object(
      'totals', (select json_build_object('total', total, 'open', open, 'completed', completed, 'closed', closed,
                  'overdue', overdue, 'avg_seconds', avg_seconds) from g where gm = 1 and gt = 1),
      'byMonth', (select json_agg(json_build_object('month', m.month, 'created', coalesce(g.total, 0),
                  'completed', coalesce(g.completed, 0), 'closed', coalesce(g.closed, 0), 'overdue', coalesce(g.overdue, 0))
                  order by m.month)
                  from ${windowMonths} m left join g on g.gm = 0 and g.month = m.month),
      'byType', (select json_agg(json_build_object('typ', tt.id, 'count', coalesce(g.total, 0)) order by tt.id)
                  from ${taskTypes} tt left join g on g.gt = 0 and g.typ = tt.id)
    )::text as j`);
  const figures = JSON.parse(firstRow<{ j: string }>(result).j) as Figures;
  figures.byType ??= [];
  // Grouping sets give the () row even over no tasks; kept defensive for an empty window.
  figures.totals ??= { total: 0, open: 0, completed: 0, closed: 0, overdue: 0, avg_seconds: null };
  return figures;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The overview (cards, types, months) of a country's or an agent's tasks. Callers check the scope. */
export async function tasksOverview(db: DbOrTx, filter: TaskFilter): Promise<TasksOverview> {
  const { totals: t, byMonth, byType } = await taskFigures(db, filter);
  return {
    total: t.total,
    open: t.open,
    completed: t.completed,
    closed: t.closed,
    overdue: t.overdue,
    completionRate: t.total ? round1(((t.completed + t.closed) * 100) / t.total) : 0,
    avgCompletionHours: t.avg_seconds == null ? null : round1(Number(t.avg_seconds) / 3600),
    byType,
    byMonth: byMonth.map(({ month, created, completed, closed }) => ({ month, created, completed, closed })),
  };
}

/** The task stats of a scope: per month with overdue, and per type. */
export async function taskStats(db: DbOrTx, scope: TaskStats['scope'], filter: TaskFilter): Promise<TaskStats> {
  const { byMonth, byType } = await taskFigures(db, filter);
  return { scope, byMonth, byType };
}

/**
 * One row per active staff member (admin or agent) of the country with the counters of their tasks in
 * the window; a grouped left join, so an agent without tasks shows zeros.
 */
export async function agentsOverview(db: DbOrTx, countryId: number): Promise<AgentOverviewRow[]> {
  const result = await db.execute(sql`
    select u.id, u.name, u.email,
      (count(t.status) filter (where t.status = 'offen'))::int as open_tasks,
      (count(t.status) filter (where t.status = 'erledigt'))::int as completed_tasks,
      (count(t.status) filter (where t.status = 'abgeschlossen'))::int as closed_tasks,
      (count(t.status) filter (where t.status = 'offen' and t.frist < now()))::int as overdue_tasks,
      count(t.status)::int as total_tasks,
      round(avg(extract(epoch from t.erledigt_am - t.erstellt_am) / 86400) filter (where t.erledigt_am is not null))::int
        as avg_processing_time
    from ${users} u
    join ${roles} r on r.id = u.role_id and r.role_name in ('admin', 'agent')
    left join ${tasks} t on t.user_id = u.id and t.country_id = ${countryId} and t.erstellt_am >= ${windowStart}
    where u.country_id = ${countryId} and u.active
    group by u.id
    order by u.name, u.id`);
  return (result as unknown as { rows: AgentOverviewRow[] }).rows;
}
