import { sql } from 'drizzle-orm';
import { OUTAGE_REPORTABLE_HOURS, type RksvStats } from '@portal/shared';
import { rksvOrders } from '../../db/schema/index.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { rowsOf } from '../shop/index.js';
import { isPaidSql, stageSql } from './stage-sql.js';

/**
 * The RKSV dashboard, in SQL over the paid orders of the last 12 months (by payment time): orders,
 * units and gross revenue per Vienna month (every month listed, empty ones with 0), the stage counts,
 * the average hours from payment to shipping, and the reportable outages. An agent's figures cover
 * their own orders, an admin's all.
 */
export async function rksvStats(ctx: ServiceCtx, viewer: Viewer): Promise<RksvStats> {
  const o = rksvOrders;
  const own = viewer.role === 'admin' ? sql`true` : sql`${o.agent_id} = ${viewer.id}`;
  const since = sql`date_trunc('month', now() at time zone 'Europe/Vienna') - interval '11 months'`;
  const [row] = rowsOf<{ months: RksvStats['byMonth']; stages: RksvStats['stages']; avg_hours: number | null }>(
    await ctx.db.execute(sql`
      with paid as (
        select ${o.qty} as qty, ${o.total_amount} as total_amount, ${o.payed_at} as payed_at,
               ${o.shipped_at} as shipped_at, ${stageSql} as stage,
               to_char(${o.payed_at} at time zone 'Europe/Vienna', 'YYYY-MM') as month
        from ${o}
        where ${isPaidSql} and ${own} and ${o.payed_at} >= (${since}) at time zone 'Europe/Vienna'
      ),
      months as (
        select to_char(${since} + make_interval(months => g), 'YYYY-MM') as month from generate_series(0, 11) g
      ),
      by_month as (
        select month, count(*)::int as orders, sum(qty)::int as units, sum(total_amount)::bigint as revenue
        from paid group by month
      )
      select
        (select json_agg(json_build_object('month', m.month, 'orders', coalesce(b.orders, 0),
                 'units', coalesce(b.units, 0), 'revenue', coalesce(b.revenue, 0)) order by m.month)
           from months m left join by_month b on b.month = m.month) as months,
        (select json_build_object(
           'open', count(*) filter (where stage = 'open'),
           'created', count(*) filter (where stage = 'created'),
           'delivery', count(*) filter (where stage = 'delivery'),
           'pickup', count(*) filter (where stage = 'pickup'),
           'completed', count(*) filter (where stage = 'completed')) from paid) as stages,
        (select round((avg(extract(epoch from shipped_at - payed_at)) / 3600)::numeric, 1)::float8
           from paid where shipped_at is not null) as avg_hours`),
  );
  const [outages] = rowsOf<{ reportable: number; open: number }>(
    await ctx.db.execute(sql`
      select count(*) filter (where coalesce(u.ended_at, now()) - u.started_at > make_interval(hours => ${OUTAGE_REPORTABLE_HOURS}))::int as reportable,
             count(*) filter (where u.ended_at is null)::int as open
      from rksv_outages u join ${o} on ${o.id} = u.order_id
      where ${own} and u.started_at >= now() - interval '12 months'`),
  );
  return {
    byMonth: (row?.months ?? []).map((m) => ({ ...m, revenue: Number(m.revenue) })),
    stages: row!.stages,
    avgHoursPaidToShipped: row?.avg_hours == null ? null : Number(row.avg_hours),
    outages: { reportable: Number(outages?.reportable ?? 0), open: Number(outages?.open ?? 0) },
  };
}
