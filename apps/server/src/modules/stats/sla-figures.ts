import { sql, type SQL } from 'drizzle-orm';
import { STATS_TIME_ZONE, type SlaStats } from '@portal/shared';
import { tasks, users } from '../../db/schema/index.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { assertStatsScope } from './scope.js';

const ZONE = sql.raw(`'${STATS_TIME_ZONE}'`);

interface Row {
  typ: number;
  user_id: number | null;
  met: number;
  breached: number;
  open_breached: number;
}

/**
 * GET /api/get-sla-stats/{countryId}?month=YYYY-MM (issue 31). Of the tasks finished in the month
 * (erledigt_am, Vienna months): met when answered by `sla_response_due_at` (a task never answered
 * counts as answered when it was finished) and done by `sla_resolution_due_at`, else breached; open
 * tasks whose running deadline `sla_due_at` has passed now are `open_breached`. Tasks from before the
 * service levels (no deadlines stored) are not counted. An admin sees every agent of the country, an
 * agent only their own tasks in their own country. Two index range scans: `tasks_sla_stats_idx`
 * (country, erledigt_am) and the board's `tasks_board_sla_idx` (country, status, sla_due_at).
 */
export async function slaStats(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { countryId: number; month: string },
): Promise<SlaStats> {
  assertStatsScope(viewer, { countryId: input.countryId });
  const own: SQL = viewer.role === 'admin' ? sql`true` : sql`t.user_id = ${viewer.id}`;
  const at = now(ctx);
  const lo = sql`(${`${input.month}-01`}::date::timestamp at time zone ${ZONE})`;
  const hi = sql`((${`${input.month}-01`}::date + interval '1 month')::timestamp at time zone ${ZONE})`;
  const result = await ctx.db.execute(sql`
    with done as (
      select t.typ, t.user_id,
        (coalesce(t.sla_responded_at, t.erledigt_am) <= t.sla_response_due_at
          and t.erledigt_am <= t.sla_resolution_due_at) as met
      from ${tasks} t
      where t.country_id = ${input.countryId} and t.erledigt_am >= ${lo} and t.erledigt_am < ${hi}
        and t.status <> 'offen' and t.sla_response_due_at is not null and ${own}
    ),
    late as (
      select t.typ, t.user_id from ${tasks} t
      where t.country_id = ${input.countryId} and t.status = 'offen'
        and t.sla_due_at <= ${at.toISOString()}::timestamptz and ${own}
    ),
    rows as (
      select typ, user_id, met::int as met, (not met)::int as breached, 0 as open_breached from done
      union all
      select typ, user_id, 0, 0, 1 from late
    )
    select typ, user_id, sum(met)::int as met, sum(breached)::int as breached,
      sum(open_breached)::int as open_breached
    from rows group by typ, user_id
  `);
  const groups = (result as unknown as { rows: Row[] }).rows;
  const ids = [...new Set(groups.map((g) => g.user_id).filter((id): id is number => id !== null))];
  const names = new Map<number, string>();
  if (ids.length) {
    const found = await ctx.db.execute(
      sql`select id, name from ${users} where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
    );
    for (const r of (found as unknown as { rows: { id: number; name: string }[] }).rows) names.set(r.id, r.name);
  }
  const out = empty();
  const byType = new Map<number, SlaStats['by_type'][number]>();
  const byAgent = new Map<number, SlaStats['by_agent'][number]>();
  for (const g of groups) {
    out.met += g.met;
    out.breached += g.breached;
    out.open_breached += g.open_breached;
    const t = byType.get(g.typ) ?? { task_type_id: g.typ, met: 0, breached: 0, open_breached: 0 };
    add(t, g);
    byType.set(g.typ, t);
    // Unassigned tasks count for the country and their type, not for an agent.
    if (g.user_id !== null) {
      const a = byAgent.get(g.user_id) ?? {
        user_id: g.user_id,
        name: names.get(g.user_id) ?? '',
        met: 0,
        breached: 0,
        open_breached: 0,
      };
      add(a, g);
      byAgent.set(g.user_id, a);
    }
  }
  out.by_type = [...byType.values()].sort((a, b) => a.task_type_id - b.task_type_id);
  out.by_agent = [...byAgent.values()].sort((a, b) => a.name.localeCompare(b.name) || a.user_id - b.user_id);
  return out;
}

function add(to: { met: number; breached: number; open_breached: number }, g: Row) {
  to.met += g.met;
  to.breached += g.breached;
  to.open_breached += g.open_breached;
}

const empty = (): SlaStats => ({ met: 0, breached: 0, open_breached: 0, by_type: [], by_agent: [] });
