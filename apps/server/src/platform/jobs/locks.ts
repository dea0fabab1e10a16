/**
 * Every PostgreSQL advisory-lock key of the server, in one place, so two jobs can never share one
 * by accident. (On the embedded database there is one process and the locks are no-ops.)
 */
export const LOCKS = {
  /** Migrations: the first process migrates, the others wait. */
  migration: 727_001,
  /** Scheduled: the overdue check. */
  overdue: 727_002,
  /** The demo seed at start: one process seeds, the others find it done. */
  seed: 727_003,
  /** Customer sync (issue 19): the check for runs cut off by a stopped server, and the cron runs per country. */
  syncCutOff: 727_190,
  syncScheduleAT: 727_191,
  syncScheduleEG: 727_192,
  /** Scheduled: delivery of outbox mails that are due for a retry. */
  mailRetry: 727_004,
  /** Scheduled: removal of upload files a crash left without their row. */
  orphanFiles: 727_005,
  /** Scheduled: open RKSV outages past 48 h, told to the order's agent. */
  rksvOutages: 727_006,
  /** Scheduled: open tasks without service-level deadlines get theirs (issue 31). */
  slaDeadlines: 727_310,
  /** Scheduled: service-level warnings and breaches, told to the task's agent and admins (issue 31). */
  slaAlerts: 727_311,
  /** Scheduled: the signature cards' deadlines the calendar moves, and their reminders (issue 32). */
  rksvCardDeadlines: 727_320,
  /** Scheduled: signage screens silent for 10 minutes in their schedule window, told once per outage (issue 33). */
  signageOffline: 727_330,
  /** Scheduled: GDPR exports past their seven days, and those a stopped process cut off (issue 34). */
  gdprExports: 727_340,
  /** Scheduled: erased customers' records whose seven years (§ 132 BAO) are over, anonymised (issue 34). */
  gdprRetention: 727_341,
} as const;

export type LockName = keyof typeof LOCKS;
