import { z } from 'zod';
import { COMMON_MSG } from '../messages/common.js';
import { STATS_MSG } from '../messages/stats.js';

/** Path ids of the statistics calls (numbers in the path). */
const pathId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
export const statsCountryParams = z.object({ countryId: pathId(COMMON_MSG.invalidCountry.code) });
export const statsAgentParams = z.object({ agentId: pathId(STATS_MSG.invalidAgent.code) });
export const statsCountryAgentParams = statsCountryParams.merge(statsAgentParams);

const count = z.number().int().min(0);
const month = z.string().regex(/^\d{4}-\d{2}$/);

export const statsByTypeSchema = z.object({ typ: z.number().int(), count });

/**
 * GET /api/get-tasks-overview-admin/{countryId} and -agent/{countryId}/{agentId}: tasks created in the
 * 6-month window, by state. `open` includes the overdue ones; total = open + completed + closed.
 * completionRate in % (1 decimal), avgCompletionHours creation → erledigt_am (1 decimal, null: none done).
 * byMonth groups the same tasks by their month of creation (Vienna), all 6 months, oldest first.
 */
export const tasksOverviewSchema = z.object({
  total: count,
  open: count,
  completed: count,
  closed: count,
  overdue: count,
  completionRate: z.number(),
  avgCompletionHours: z.number().nullable(),
  byType: z.array(statsByTypeSchema),
  byMonth: z.array(z.object({ month, created: count, completed: count, closed: count })),
});
export type TasksOverview = z.infer<typeof tasksOverviewSchema>;

/** GET /api/get-agents-overview/{countryId}: one row per staff member of the country (window as above). */
export const agentOverviewRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  open_tasks: count,
  completed_tasks: count,
  closed_tasks: count,
  overdue_tasks: count,
  total_tasks: count,
  /** Days from creation to erledigt_am, rounded; null when the agent finished none. */
  avg_processing_time: z.number().int().nullable(),
});
export type AgentOverviewRow = z.infer<typeof agentOverviewRowSchema>;
export const agentsOverviewSchema = z.array(agentOverviewRowSchema);

/** GET /api/get-task-stats-admin (scope all: the admin's country) and -agent/{agentId} (scope own). */
export const taskStatsSchema = z.object({
  scope: z.enum(['all', 'own']),
  byMonth: z.array(z.object({ month, created: count, completed: count, closed: count, overdue: count })),
  byType: z.array(statsByTypeSchema),
});
export type TaskStats = z.infer<typeof taskStatsSchema>;

const stars = ['1', '2', '3', '4', '5'] as const;
const distribution = (prefix: string) =>
  Object.fromEntries(stars.map((s) => [`${prefix}_${s}`, count])) as Record<string, typeof count>;

/**
 * GET /api/get-task-ratings-stats-admin/{countryId} and -agent/{countryId}/{agentId}: one row per month of
 * the window, newest first (spec "Rating stats per month"). total_ratings: the whole window;
 * ratings_per_month: this month; averages 2 decimals (null without ratings); comments joined by '|||'.
 */
export const ratingStatsRowSchema = z.object({
  rating_month: month,
  total_ratings: count,
  ratings_per_month: count,
  avg_overall_rating: z.number().nullable(),
  avg_time_rating: z.number().nullable(),
  avg_satisfaction_rating: z.number().nullable(),
  avg_friendliness_rating: z.number().nullable(),
  ...(distribution('time_rating') as Record<`time_rating_${(typeof stars)[number]}`, typeof count>),
  ...(distribution('satisfaction_rating') as Record<`satisfaction_rating_${(typeof stars)[number]}`, typeof count>),
  ...(distribution('friendliness_rating') as Record<`friendliness_rating_${(typeof stars)[number]}`, typeof count>),
  comments: z.string(),
});
export type RatingStatsRow = z.infer<typeof ratingStatsRowSchema>;
export const ratingStatsSchema = z.array(ratingStatsRowSchema);
