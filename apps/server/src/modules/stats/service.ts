import { COUNTRY, type AgentOverviewRow, type TaskStats, type TasksOverview } from '@portal/shared';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { assertStatsScope } from './scope.js';
import { agentsOverview, taskStats, tasksOverview } from './task-figures.js';

/** GET /api/get-tasks-overview-admin/{countryId}: every task of the country (the route admits admins only). */
export function countryOverview(ctx: ServiceCtx, viewer: Viewer, input: { countryId: number }): Promise<TasksOverview> {
  assertStatsScope(viewer, input);
  return tasksOverview(ctx.db, { countryId: input.countryId });
}

/** GET /api/get-tasks-overview-agent/{countryId}/{agentId}: the tasks assigned to the agent in the country. */
export function agentOverview(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { countryId: number; agentId: number },
): Promise<TasksOverview> {
  assertStatsScope(viewer, input);
  return tasksOverview(ctx.db, input);
}

/** GET /api/get-agents-overview/{countryId}. */
export function listAgentsOverview(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { countryId: number },
): Promise<AgentOverviewRow[]> {
  assertStatsScope(viewer, input);
  return agentsOverview(ctx.db, input.countryId);
}

/** GET /api/get-task-stats-admin: scope all, i.e. every agent's tasks of the admin's country. */
export function allTaskStats(ctx: ServiceCtx, viewer: Viewer): Promise<TaskStats> {
  return taskStats(ctx.db, 'all', { countryId: viewer.country_id ?? COUNTRY.AT });
}

/** GET /api/get-task-stats-agent/{agentId}: scope own, the tasks assigned to the agent. */
export function ownTaskStats(ctx: ServiceCtx, viewer: Viewer, input: { agentId: number }): Promise<TaskStats> {
  assertStatsScope(viewer, input);
  return taskStats(ctx.db, 'own', { agentId: input.agentId });
}
