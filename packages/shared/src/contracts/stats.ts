import {
  agentsOverviewSchema,
  statsAgentParams,
  statsCountryAgentParams,
  statsCountryParams,
  taskStatsSchema,
  tasksOverviewSchema,
} from '../schemas/stats.js';
import { serviceCountryParams, slaStatsQuerySchema, slaStatsSchema } from '../schemas/service-levels.js';
import { access, defineCalls } from './define.js';

const adminTasks = access.adminWith('tasks');
const staffTasks = access.staffWith('tasks');

/**
 * The task statistics (backoffice.md 7 "Task statistics"): every figure an SQL aggregate over the
 * 6-month window. Admin calls need role admin, agent calls the caller's own id unless admin (403).
 */
export const statsCalls = defineCalls('stats', {
  getTasksOverviewAdmin: {
    method: 'GET',
    path: '/api/get-tasks-overview-admin/:countryId',
    access: adminTasks,
    summary: 'Task overview of a country: counts by state, overdue, completion rate, average hours, types, 6 months',
    params: statsCountryParams,
    answer: tasksOverviewSchema,
    errors: [400, 401, 403],
  },
  getTasksOverviewAgent: {
    method: 'GET',
    path: '/api/get-tasks-overview-agent/:countryId/:agentId',
    access: staffTasks,
    summary: "Task overview of one agent's tasks (agentId must be the caller, unless admin)",
    params: statsCountryAgentParams,
    answer: tasksOverviewSchema,
    errors: [400, 401, 403],
  },
  getAgentsOverview: {
    method: 'GET',
    path: '/api/get-agents-overview/:countryId',
    access: adminTasks,
    summary: 'One row per staff member of the country with their task counters and average days to done',
    params: statsCountryParams,
    answer: agentsOverviewSchema,
    errors: [400, 401, 403],
  },
  getTaskStatsAdmin: {
    method: 'GET',
    path: '/api/get-task-stats-admin',
    access: adminTasks,
    summary: "Task stats of every agent of the admin's country (scope all): per month with overdue, per type",
    answer: taskStatsSchema,
    errors: [400, 401, 403],
  },
  getTaskStatsAgent: {
    method: 'GET',
    path: '/api/get-task-stats-agent/:agentId',
    access: staffTasks,
    summary: "Task stats of one agent's tasks (scope own; agentId must be the caller, unless admin)",
    params: statsAgentParams,
    answer: taskStatsSchema,
    errors: [400, 401, 403],
  },
  getSlaStats: {
    method: 'GET',
    path: '/api/get-sla-stats/:countryId',
    access: staffTasks,
    summary:
      "Service levels of a month: tasks finished in it met or breached, open tasks past their running deadline; by type and agent (an agent: own figures, own country)",
    params: serviceCountryParams,
    query: slaStatsQuerySchema,
    answer: slaStatsSchema,
    errors: [400, 401, 403],
  },
});
