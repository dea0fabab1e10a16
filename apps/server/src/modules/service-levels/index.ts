// What other areas may use of this one: they import it from here, never from its files (eslint.config.js).
export { loadServiceCalendar, loadServiceCalendars } from './calendars.js';
export { loadSlaPolicies, policyFor } from './policies.js';
export { loadSlaRules } from './rules.js';
export {
  recomputeOpenTaskDeadlines,
  slaColumns,
  slaColumnsForNewTask,
  slaStateSql,
  type SlaColumns,
} from './task-deadlines.js';
