import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq, inArray } from 'drizzle-orm';
import { NOTIFICATION_TEXTS } from '@portal/shared';
import { mailOutbox, notifications, tasks, userSettings } from '../src/db/schema/index.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';

for (const target of dbTargets()) {
  describe(`notifications in the reader's language (${target})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(target);
    });
    after(() => t.close());

    it('stores kind and values with the German text, and mails each recipient in their language', async () => {
      const admin = await addUser(t.db, { role: 'admin', flags: ['tasks'], name: 'Anna Admin' });
      const en = await addUser(t.db, { name: 'Emma English' });
      const ar = await addUser(t.db, { name: 'Amal Arabic' });
      const de = await addUser(t.db, { name: 'Dora Deutsch' });
      await t.db.insert(userSettings).values([
        { user_id: en.id, email_updates: true, language: 'en' },
        { user_id: ar.id, email_updates: true, language: 'ar' },
        { user_id: de.id, email_updates: true, language: 'de' },
      ]);
      const [task] = await t.db
        .insert(tasks)
        .values({
          titel: 'Kasse prüfen',
          beschreibung: 'x',
          frist: new Date(Date.now() + 86_400_000),
          typ: 1,
          country_id: 1,
          user_id: en.id,
          requested_user_id: ar.id,
          created_by_userid: de.id,
        })
        .returning({ id: tasks.id });
      const id = task!.id;
      const token = await login(t.app, admin.email, admin.password);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/task-add-note',
        headers: bearer(token),
        payload: { taskID: id, notiz: 'Bitte ansehen' },
      });
      assert.equal(res.statusCode, 200, res.body);

      // The row: German title and message (the spec's API), and what it says as kind and values.
      const rows = await t.db.select().from(notifications).where(eq(notifications.task_id, id));
      assert.equal(rows.length, 3);
      for (const row of rows) {
        assert.equal(row.title, 'Neue Notiz');
        assert.equal(row.message, `Anna Admin hat eine Notiz zu Aufgabe #${id} hinzugefügt.`);
        assert.deepEqual(row.params, { kind: 'note', id, name: 'Anna Admin' });
      }
      const enToken = await login(t.app, en.email, en.password);
      const list = (await t.app.inject({ url: '/api/get-notifications', headers: bearer(enToken) })).json();
      assert.deepEqual(list[0].params, { kind: 'note', id, name: 'Anna Admin' });
      assert.equal(list[0].title, 'Neue Notiz');

      const mails = await t.db.select().from(mailOutbox).where(inArray(mailOutbox.to, [en.email, ar.email, de.email]));
      const mailTo = (email: string) => mails.find((m) => m.to === email)!;
      assert.equal(mailTo(en.email).subject, 'Service Portal: New note');
      assert.equal(
        mailTo(en.email).text,
        `Anna Admin added a note to task #${id}.\n\nOpen the task: /tasks/${id}\n\n` +
          'You are receiving this e-mail because you turned on e-mail updates in your settings.',
      );
      assert.doesNotMatch(mailTo(en.email).text, /Aufgabe|Sie erhalten/);
      assert.equal(mailTo(ar.email).subject, `بوابة الخدمة: ${NOTIFICATION_TEXTS.ar.note.title}`);
      assert.match(mailTo(ar.email).text, new RegExp(`^أضاف Anna Admin ملاحظة إلى المهمة #${id}\\.`));
      assert.equal(mailTo(de.email).subject, 'Service-Portal: Neue Notiz');
      assert.match(mailTo(de.email).text, /^Anna Admin hat eine Notiz zu Aufgabe #\d+ hinzugefügt\.\n\nAufgabe öffnen: /);
    });

    it('a notification an admin writes is shown and mailed as written', async () => {
      const admin = await addUser(t.db, { role: 'admin' });
      const en = await addUser(t.db);
      await t.db.insert(userSettings).values({ user_id: en.id, email_updates: true, language: 'en' });
      const token = await login(t.app, admin.email, admin.password);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create-notification',
        headers: bearer(token),
        payload: { user_id: en.id, title: 'Rückruf', message: 'Kunde ruft um 15 Uhr zurück', type: 'reminder' },
      });
      assert.equal(res.statusCode, 200, res.body);
      const [row] = await t.db.select().from(notifications).where(eq(notifications.user_id, en.id));
      assert.equal(row!.params, null);
      const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, en.email));
      assert.equal(mail!.subject, 'Service Portal: Rückruf');
      assert.match(mail!.text, /^Kunde ruft um 15 Uhr zurück\n\nYou are receiving/);
    });
  });
}
