import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Mailer } from './platform/mail.js';
import type { ScheduledJob } from './platform/jobs/index.js';
import type { Storage } from './platform/storage/index.js';
import { cleanOrphanFiles } from './platform/orphan-files.js';
import { inUnitOfWork, type Release } from './platform/unit-of-work.js';
import { notifyOverdueTasks } from './modules/tasks/overdue.js';
import { fillMissingDeadlines, notifySlaAlerts } from './modules/tasks/sla-alerts.js';
import { syncScheduledJobs } from './modules/sync/schedule.js';
import { notifyLongOutages } from './modules/rksv-orders/outages.js';
import { runCardDeadlineJob } from './modules/rksv-orders/deadline-reminders.js';
import { notifyOfflineDevices } from './modules/signage/offline-alerts.js';
import { anonymiseDue, cleanGdprExports } from './modules/customers/index.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface ScheduledJobDeps {
  database: Database;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  /** The app's release path (app.release): what a job's unit of work caused leaves through it. */
  release: Release;
  log: FastifyBaseLogger;
}

/** Every scheduled job of the server, run by platform/jobs on one process of the cluster per slot. */
export function scheduledJobs(d: ScheduledJobDeps): ScheduledJob[] {
  return [
    // Customer sync: runs cut off by a stopped server, and SYNC_SCHEDULE_AT/EG.
    ...syncScheduledJobs({ database: d.database, config: d.config, log: d.log }),
    {
      // Mails that failed (with backoff, see mail.ts) or were queued while the process stopped.
      name: 'mail-retry',
      lock: 'mailRetry',
      everyMs: MINUTE_MS,
      atStart: true,
      run: () => d.mailer.flush(),
    },
    {
      name: 'overdue-tasks',
      lock: 'overdue',
      everyMs: MINUTE_MS,
      run: () => inUnitOfWork(d.release, async () => void (await notifyOverdueTasks({ db: d.database.db }))),
    },
    {
      // Open tasks from before issue 31 (or a restored backup) get their service-level deadlines, in the
      // background in batches rather than in the start's path.
      name: 'sla-deadlines',
      lock: 'slaDeadlines',
      everyMs: 10 * MINUTE_MS,
      atStart: true,
      run: async () => {
        const filled = await fillMissingDeadlines({ db: d.database.db });
        if (filled) d.log.info({ count: filled }, 'service-level deadlines computed for open tasks');
      },
    },
    {
      // Service-level warnings (60 and 15 minutes before the running deadline) and breaches.
      name: 'sla-alerts',
      lock: 'slaAlerts',
      everyMs: MINUTE_MS,
      run: () => inUnitOfWork(d.release, async () => void (await notifySlaAlerts({ db: d.database.db }))),
    },
    {
      // Upload files a crash left without their row.
      name: 'orphan-files',
      lock: 'orphanFiles',
      everyMs: DAY_MS,
      atStart: true,
      run: async () => {
        const removed = await cleanOrphanFiles({ db: d.database.db, config: d.config, storage: d.storage });
        if (removed.length)
          d.log.info({ count: removed.length, files: removed.slice(0, 20) }, 'orphan upload files removed');
      },
    },
    {
      // Open RKSV outages past 48 hours: the order's agent is told once (§ 17 RKSV reporting).
      name: 'rksv-outages',
      lock: 'rksvOutages',
      everyMs: 5 * MINUTE_MS,
      run: () => inUnitOfWork(d.release, async () => void (await notifyLongOutages({ db: d.database.db }))),
    },
    {
      // The signature cards' legal deadlines (issue 32): what the calendar moves, the staff's reminders
      // 14 and 3 days before, the customers' mails 30 and 7 days before. Daily; every reminder once.
      name: 'rksv-card-deadlines',
      lock: 'rksvCardDeadlines',
      everyMs: DAY_MS,
      atStart: true,
      run: () =>
        inUnitOfWork(d.release, async () => {
          const run = await runCardDeadlineJob({ db: d.database.db, config: d.config });
          if (run.refreshed || run.staff || run.customer) d.log.info(run, 'rksv card deadlines');
        }),
    },
    {
      // Signage screens silent for 10 minutes while they have something to play: the signage staff
      // are told once per outage (issue 33).
      name: 'signage-offline',
      lock: 'signageOffline',
      everyMs: MINUTE_MS,
      run: () => inUnitOfWork(d.release, async () => void (await notifyOfflineDevices({ db: d.database.db }))),
    },
    {
      // GDPR exports (issue 34): the ZIPs past their seven days, and exports a stopped process cut off.
      name: 'gdpr-exports',
      lock: 'gdprExports',
      everyMs: 60 * MINUTE_MS,
      atStart: true,
      run: async () => {
        const done = await cleanGdprExports({ db: d.database.db, config: d.config, storage: d.storage });
        if (done.expired || done.cutOff) d.log.info(done, 'gdpr exports cleaned up');
      },
    },
    {
      // Erased customers (issue 34): what § 132 BAO kept, anonymised once its seven years are over.
      name: 'gdpr-retention',
      lock: 'gdprRetention',
      everyMs: DAY_MS,
      atStart: true,
      run: async () => {
        const run = await anonymiseDue({ db: d.database.db, config: d.config, storage: d.storage, log: d.log });
        if (run.completed) d.log.info(run, 'gdpr retention: erased customers anonymised');
      },
    },
  ];
}
