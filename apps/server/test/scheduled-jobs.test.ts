import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import { tasks, userSettings } from '../src/db/schema/index.js';
import { runIfDue } from '../src/platform/jobs/index.js';
import type { Effects } from '../src/platform/unit-of-work.js';
import { scheduledJobs } from '../src/scheduled-jobs.js';
import { addUser, createTestApp, dbTargets, type TestApp } from './helpers.js';

for (const target of dbTargets()) {
  describe(`the server's scheduled jobs (${target})`, () => {
    let t: TestApp;
    const released: Effects[] = [];
    let flushed = 0;
    let jobs: ReturnType<typeof scheduledJobs>;
    before(async () => {
      t = await createTestApp(target);
      jobs = scheduledJobs({
        database: t.database,
        config: t.config,
        mailer: { flush: async () => void flushed++, close: async () => {} },
        storage: t.storage,
        release: async (e) => void released.push(e),
        log: pino({ level: 'silent' }),
      });
    });
    after(() => t.close());

    const job = (name: string) => jobs.find((j) => j.name === name)!;

    it('registers the sync cut-off check, mail retry (at start and every minute), overdue check, the service-level deadlines and alerts, orphan cleaning, the outage check, the card deadlines, the silent screens, the GDPR export clean-up and retention, each with its own lock', () => {
      assert.deepEqual(
        jobs.map((j) => [j.name, j.lock, j.everyMs, !!j.atStart]),
        [
          // No SYNC_SCHEDULE_AT/EG in the test config: only the cut-off check of the sync area.
          ['sync-cut-off-runs', 'syncCutOff', 60_000, true],
          ['mail-retry', 'mailRetry', 60_000, true],
          ['overdue-tasks', 'overdue', 60_000, false],
          ['sla-deadlines', 'slaDeadlines', 600_000, true],
          ['sla-alerts', 'slaAlerts', 60_000, false],
          ['orphan-files', 'orphanFiles', 86_400_000, true],
          ['rksv-outages', 'rksvOutages', 300_000, false],
          ['rksv-card-deadlines', 'rksvCardDeadlines', 86_400_000, true],
          ['signage-offline', 'signageOffline', 60_000, false],
          ['gdpr-exports', 'gdprExports', 3_600_000, true],
          ['gdpr-retention', 'gdprRetention', 86_400_000, true],
        ],
      );
    });

    it('the mail retry job sweeps the outbox', async () => {
      await job('mail-retry').run();
      assert.equal(flushed, 1);
    });

    it('the overdue check releases its notifications and mails through its unit of work, after its commit', async () => {
      const agent = await addUser(t.db, { role: 'agent', flags: ['tasks'] });
      await t.db.insert(userSettings).values({ user_id: agent.id, email_updates: true }).onConflictDoUpdate({
        target: userSettings.user_id,
        set: { email_updates: true },
      });
      const [late] = await t.db
        .insert(tasks)
        .values({ titel: 'Zu spät', beschreibung: 'x', frist: new Date(Date.now() - 60_000), typ: 1, country_id: 1, user_id: agent.id })
        .returning({ id: tasks.id });
      assert.equal(await runIfDue(t.database, job('overdue-tasks')), true);
      assert.equal(released.length, 1);
      assert.ok(released[0]!.notifications.some((n) => n.task_id === late!.id && n.user_id === agent.id && n.type === 'task_overdue'));
      assert.equal(released[0]!.mailIds.length, 1, 'the agent chose mail updates');
      // Within the same minute the slot is taken: nothing runs, nothing is released again.
      assert.equal(await runIfDue(t.database, job('overdue-tasks')), false);
      assert.equal(released.length, 1);
    });
  });
}
