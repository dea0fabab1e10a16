import { sql, type SQL } from 'drizzle-orm';
import { RATING_COMMENT_SEPARATOR, RATING_STATS_COMMENTS_MAX, type RatingStatsRow } from '@portal/shared';
import { taskRatings } from '../../db/schema/index.js';
import type { DbOrTx } from '../../platform/service.js';
import { windowMonths } from '../stats/index.js';

const stars = (column: string) =>
  sql.raw(
    [1, 2, 3, 4, 5].map((n) => `(count(*) filter (where r.${column} = ${n}))::int as ${column}_${n}`).join(',\n      '),
  );
const zeros = (column: string) =>
  sql.raw([1, 2, 3, 4, 5].map((n) => `coalesce(g.${column}_${n}, 0) as ${column}_${n}`).join(', '));

/**
 * Ratings per month of the window, newest first, every month present (zeros, averages null): counts,
 * averages with two decimals (overall: the mean of all three dimensions), the star distribution of each
 * dimension and the month's newest comments (at most RATING_STATS_COMMENTS_MAX) joined by '|||'. The
 * ratings are joined to the window's month ranges (index range scans) and grouped once.
 */
export async function ratingStats(
  db: DbOrTx,
  filter: { countryId: number; agentId?: number },
): Promise<RatingStatsRow[]> {
  const scope = (r: string): SQL => {
    const parts = [sql`${sql.raw(r)}.country_id = ${filter.countryId}`];
    if (filter.agentId !== undefined) parts.push(sql`${sql.raw(r)}.agent_id = ${filter.agentId}`);
    return sql.join(parts, sql` and `);
  };
  const result = await db.execute(sql`
    with m as ${windowMonths},
    g as (
      select m.i, count(*)::int as n,
        avg(r.time_rating) as avg_time, avg(r.satisfaction_rating) as avg_satisfaction,
        avg(r.friendliness_rating) as avg_friendliness,
        ${stars('time_rating')},
        ${stars('satisfaction_rating')},
        ${stars('friendliness_rating')}
      from m join ${taskRatings} r on r.created_at >= m.lo and r.created_at < m.hi and ${scope('r')}
      group by m.i
    )
    select m.month as rating_month,
      (sum(coalesce(g.n, 0)) over ())::int as total_ratings,
      coalesce(g.n, 0) as ratings_per_month,
      round((g.avg_time + g.avg_satisfaction + g.avg_friendliness) / 3, 2)::float8 as avg_overall_rating,
      round(g.avg_time, 2)::float8 as avg_time_rating,
      round(g.avg_satisfaction, 2)::float8 as avg_satisfaction_rating,
      round(g.avg_friendliness, 2)::float8 as avg_friendliness_rating,
      ${zeros('time_rating')}, ${zeros('satisfaction_rating')}, ${zeros('friendliness_rating')},
      coalesce((
        select string_agg(c.comment, ${RATING_COMMENT_SEPARATOR} order by c.created_at desc)
        from (
          select trim(x.comment) as comment, x.created_at from ${taskRatings} x
          where x.created_at >= m.lo and x.created_at < m.hi and ${scope('x')} and trim(x.comment) <> ''
          order by x.created_at desc
          limit ${RATING_STATS_COMMENTS_MAX}
        ) c
      ), '') as comments
    from m left join g on g.i = m.i
    order by m.i desc`);
  return (result as unknown as { rows: RatingStatsRow[] }).rows;
}
