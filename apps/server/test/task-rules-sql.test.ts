import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, inArray } from 'drizzle-orm';
import {
  COUNTRY,
  TASK_STATUSES,
  TASK_TYPE,
  isOverdue,
  maySeeTask,
  taskListResponseSchema,
  type TaskPeople,
  type TaskStatus,
  type TaskViewer,
} from '@portal/shared';
import { tasks, taskTypes } from '../src/db/schema/index.js';
import { overdueCondition } from '../src/modules/tasks/overdue.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

const byId = (a: number, b: number) => a - b;

/**
 * The shared rules and the SQL that mirrors them agree: who may see a task (`maySeeTask` and the
 * boards) and when a task is overdue (`isOverdue` and the overdue check's condition).
 */
for (const target of dbTargets()) {
  describe(`shared task rules and their SQL agree (${target})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(target);
    });
    after(async () => t.close());

    it('the boards show each viewer exactly the tasks maySeeTask allows', async () => {
      const anna = await addUser(t.db, { flags: ['tasks'], country: COUNTRY.AT });
      const ben = await addUser(t.db, { flags: ['tasks'], country: COUNTRY.AT });
      const omar = await addUser(t.db, { flags: ['tasks'], country: COUNTRY.EG });
      const admin = await addUser(t.db, { role: 'admin', flags: ['tasks'], country: COUNTRY.AT });
      // Every combination of country, assignee, creator and helper, spread over the three states.
      const rows: (TaskPeople & { status: TaskStatus })[] = [];
      for (const country_id of [COUNTRY.AT, COUNTRY.EG])
        for (const user_id of [null, anna.id, ben.id, omar.id])
          for (const created_by_userid of [null, anna.id, ben.id])
            for (const requested_user_id of [null, anna.id, omar.id])
              rows.push({
                country_id,
                user_id,
                created_by_userid,
                requested_user_id,
                status: TASK_STATUSES[rows.length % TASK_STATUSES.length]!,
              });
      const inserted = await t.db
        .insert(tasks)
        .values(
          rows.map((r, i) => ({
            ...r,
            titel: `Sichtbarkeit ${i}`,
            beschreibung: 'x',
            frist: new Date(Date.now() + 86_400_000),
            typ: TASK_TYPE.support,
          })),
        )
        .returning({ id: tasks.id });
      const people = new Map(inserted.map((r, i) => [r.id, rows[i]!]));

      for (const u of [anna, ben, omar, admin]) {
        const token = await login(t.app, u.email, u.password);
        const viewer: TaskViewer = {
          id: u.id,
          role: u.role,
          country_id: u === omar ? COUNTRY.EG : COUNTRY.AT,
          tasks: true,
        };
        const board = async (path: string, query = '') => {
          const res = await t.app.inject({ method: 'GET', url: `${path}?limit=500${query}`, headers: bearer(token) });
          return res.statusCode === 403 ? null : taskListResponseSchema.parse(res.json()).tasks.map((r) => r.id);
        };
        const seen = new Set<number>();
        for (const country of [COUNTRY.AT, COUNTRY.EG])
          for (const status of TASK_STATUSES) {
            const pages =
              u === admin
                ? [await board(`/api/get-tasks-from-admin/${country}/${status}`)]
                : [
                    await board(`/api/get-tasks-from-agent/${country}/${status}/${u.id}`),
                    // The unassigned tab: open to the agents of the task's country only.
                    await board(`/api/get-tasks-from-agent/${country}/${status}/${u.id}`, '&unassigned=true'),
                  ];
            if (u !== admin) assert.equal(pages[1] === null, country !== viewer.country_id, 'unassigned tab refusal');
            for (const id of pages.flatMap((p) => p ?? [])) seen.add(id);
          }
        const expected = [...people].filter(([, p]) => maySeeTask(viewer, p)).map(([id]) => id);
        assert.deepEqual([...seen].filter((id) => people.has(id)).sort(byId), expected.sort(byId), `viewer ${u.email}`);
      }
    });

    it('the overdue condition selects exactly the tasks isOverdue marks', async () => {
      const now = new Date('2026-03-10T12:00:00.000Z');
      const dues = [
        new Date(now.getTime() - 86_400_000),
        new Date(now.getTime() - 1),
        now,
        new Date(now.getTime() + 1),
        new Date(now.getTime() + 86_400_000),
      ];
      const cases = TASK_STATUSES.flatMap((status) => dues.map((frist) => ({ status, frist })));
      const inserted = await t.db
        .insert(tasks)
        .values(
          cases.map((c, i) => ({
            ...c,
            titel: `Frist ${i}`,
            beschreibung: 'x',
            typ: TASK_TYPE.support,
            country_id: COUNTRY.AT,
          })),
        )
        .returning({ id: tasks.id });
      const ids = inserted.map((r) => r.id);
      const selected = await t.db
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(inArray(tasks.id, ids), overdueCondition(now)));
      const expected = ids.filter((_, i) => isOverdue(cases[i]!, now));
      assert.deepEqual(selected.map((r) => r.id).sort(byId), expected);
      assert.equal(expected.length, 2, 'only the open tasks whose due date has passed');
    });

    it('the task type constants are the ids of the reference table', async () => {
      const rows = await t.db.select({ id: taskTypes.id, tasktype: taskTypes.tasktype }).from(taskTypes);
      const names = Object.fromEntries(rows.map((r) => [r.id, r.tasktype]));
      assert.deepEqual(Object.fromEntries(Object.entries(TASK_TYPE).map(([k, id]) => [k, names[id]])), {
        support: 'Support',
        emergency: 'Emergency Support',
        menu: 'Menüänderung',
        switch: 'Firmenwechsel',
        dep: 'DEP Export',
        integration: 'Integration',
        rksv: 'RKSV',
      });
    });
  });
}
