import { sql, type SQL } from 'drizzle-orm';
import { RATING_COMMENT_SEPARATOR, type RatingStatsRow } from '@portal/shared';
import { taskRatings } from '../../db/schema/index.js';
import type { DbOrTx } from '../../platform/service.js';
import { viennaMonth, windowMonths, windowStart } from '../stats/window.js';

const stars = (column: string) =>
  sql.raw(
    [1, 2, 3, 4, 5].map((n) => `(count(*) filter (where r.${column} = ${n}))::int as ${column}_${n}`).join(',\n      '),
  );
const zeros = (column: string) =>
  sql.raw([1, 2, 3, 4, 5].map((n) => `coalesce(g.${column}_${n}, 0) as ${column}_${n}`).join(', '));

/**
 * Ratings per month of the window, newest first, every month present (zeros, averages null): counts,
 * averages with two decimals (overall: the mean of all three dimensions), the star distribution of each
 * dimension and the month's comments, newest first, joined by '|||'. One grouped query over the window.
 */
export async function ratingStats(
  db: DbOrTx,
  filter: { countryId: number; agentId?: number },
): Promise<RatingStatsRow[]> {
  const where: SQL[] = [sql`r.country_id = ${filter.countryId}`, sql`r.created_at >= ${windowStart}`];
  if (filter.agentId !== undefined) where.push(sql`r.agent_id = ${filter.agentId}`);
  const result = await db.execute(sql`
    with g as (
      select ${viennaMonth(sql`r.created_at`)} as month,
        count(*)::int as n,
        round(avg((r.time_rating + r.satisfaction_rating + r.friendliness_rating) / 3.0), 2)::float8 as avg_overall,
        round(avg(r.time_rating), 2)::float8 as avg_time,
        round(avg(r.satisfaction_rating), 2)::float8 as avg_satisfaction,
        round(avg(r.friendliness_rating), 2)::float8 as avg_friendliness,
        ${stars('time_rating')},
        ${stars('satisfaction_rating')},
        ${stars('friendliness_rating')},
        coalesce(string_agg(nullif(trim(r.comment), ''), ${RATING_COMMENT_SEPARATOR} order by r.created_at desc), '') as comments
      from ${taskRatings} r
      where ${sql.join(where, sql` and `)}
      group by 1
    )
    select m.month as rating_month,
      (sum(coalesce(g.n, 0)) over ())::int as total_ratings,
      coalesce(g.n, 0) as ratings_per_month,
      g.avg_overall as avg_overall_rating, g.avg_time as avg_time_rating,
      g.avg_satisfaction as avg_satisfaction_rating, g.avg_friendliness as avg_friendliness_rating,
      ${zeros('time_rating')}, ${zeros('satisfaction_rating')}, ${zeros('friendliness_rating')},
      coalesce(g.comments, '') as comments
    from ${windowMonths} m left join g on g.month = m.month
    order by m.month desc`);
  return (result as unknown as { rows: RatingStatsRow[] }).rows;
}
