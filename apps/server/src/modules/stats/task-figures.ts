import { sql, type SQL } from 'drizzle-orm';
import type { AgentOverviewRow, TaskStats, TasksOverview } from '@portal/shared';
import { roles, tasks, taskTypes, users } from '../../db/schema/index.js';
import type { DbOrTx } from '../../platform/service.js';
import { firstRow, windowMonths, windowStart } from './window.js';

/** Which tasks a statistic counts: a country's, an agent's, or an agent's within a country. */
export interface TaskFilter {
  countryId?: number;
  agentId?: number;
}

function taskWhere(f: TaskFilter): SQL {
  const parts = [sql`t.erstellt_am >= m.lo`, sql`t.erstellt_am < m.hi`];
  if (f.countryId !== undefined) parts.push(sql`t.country_id = ${f.countryId}`);
  if (f.agentId !== undefined) parts.push(sql`t.user_id = ${f.agentId}`);
  return sql.join(parts, sql` and `);
}

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
 * The tasks created in the window, counted in one pass: joined to the window's month ranges (index
 * range scans, no per-row time-zone work) and grouped by month and type (at most 6 × 7 groups), from
 * which PostgreSQL sums the totals, the 6 months (zeros included) and every task type (zeros
 * included) into the JSON answer. "Overdue" is `offen` with the due date past (task-rules isOverdue);
 * the average runs from creation to erledigt_am over the tasks that have one.
 */
async function taskFigures(db: DbOrTx, filter: TaskFilter): Promise<Figures> {
  const result = await db.execute(sql`
    with m as ${windowMonths},
    g as (
      select m.i, t.typ,
        count(*)::int as total,
        (count(*) filter (where t.status = 'offen'))::int as open,
        (count(*) filter (where t.status = 'erledigt'))::int as completed,
        (count(*) filter (where t.status = 'abgeschlossen'))::int as closed,
        (count(*) filter (where t.status = 'offen' and t.frist < now()))::int as overdue,
        sum(date_part('epoch', t.erledigt_am - t.erstellt_am)) as done_seconds,
        count(t.erledigt_am)::int as done
      from m join ${tasks} t on ${taskWhere(filter)}
      group by m.i, t.typ
    ),
    per_month as (
      select i, sum(total)::int as created, sum(completed)::int as completed, sum(closed)::int as closed,
        sum(overdue)::int as overdue
      from g group by i
    )
    select json_build_object(
      'totals', (select json_build_object('total', coalesce(sum(total), 0), 'open', coalesce(sum(open), 0),
                  'completed', coalesce(sum(completed), 0), 'closed', coalesce(sum(closed), 0),
                  'overdue', coalesce(sum(overdue), 0), 'avg_seconds', sum(done_seconds) / nullif(sum(done), 0)) from g),
      'byMonth', (select json_agg(json_build_object('month', m.month, 'created', coalesce(p.created, 0),
                  'completed', coalesce(p.completed, 0), 'closed', coalesce(p.closed, 0), 'overdue', coalesce(p.overdue, 0))
                  order by m.month)
                  from m left join per_month p on p.i = m.i),
      'byType', (select json_agg(json_build_object('typ', tt.id, 'count', coalesce(x.n, 0)) order by tt.id)
                  from ${taskTypes} tt left join (select typ, sum(total)::int as n from g group by typ) x on x.typ = tt.id)
    )::text as j`);
  const figures = JSON.parse(firstRow<{ j: string }>(result).j) as Figures;
  figures.byType ??= [];
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
 * the window: the country's tasks grouped by agent first (one range scan, which PostgreSQL may run in
 * parallel), then joined to the staff, so an agent without tasks shows zeros.
 */
export async function agentsOverview(db: DbOrTx, countryId: number): Promise<AgentOverviewRow[]> {
  const result = await db.execute(sql`
    select u.id, u.name, u.email,
      coalesce(a.open_tasks, 0) as open_tasks, coalesce(a.completed_tasks, 0) as completed_tasks,
      coalesce(a.closed_tasks, 0) as closed_tasks, coalesce(a.overdue_tasks, 0) as overdue_tasks,
      coalesce(a.total_tasks, 0) as total_tasks, a.avg_processing_time
    from ${users} u
    join ${roles} r on r.id = u.role_id and r.role_name in ('admin', 'agent')
    left join (
      select t.user_id,
        (count(*) filter (where t.status = 'offen'))::int as open_tasks,
        (count(*) filter (where t.status = 'erledigt'))::int as completed_tasks,
        (count(*) filter (where t.status = 'abgeschlossen'))::int as closed_tasks,
        (count(*) filter (where t.status = 'offen' and t.frist < now()))::int as overdue_tasks,
        count(*)::int as total_tasks,
        round(avg(date_part('epoch', t.erledigt_am - t.erstellt_am)) / 86400)::int as avg_processing_time
      from ${tasks} t
      where t.country_id = ${countryId} and t.erstellt_am >= ${windowStart} and t.user_id is not null
      group by t.user_id
    ) a on a.user_id = u.id
    where u.country_id = ${countryId} and u.active
    order by u.name, u.id`);
  return (result as unknown as { rows: AgentOverviewRow[] }).rows;
}
