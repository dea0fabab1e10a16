export { LOCKS, type LockName } from './locks.js';
export { runIfDue, startScheduler, TICK_MS, type ScheduledJob } from './scheduler.js';
