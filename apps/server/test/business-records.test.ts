import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { BUSINESS_RECORDS_MSG, COMMON_MSG } from '@portal/shared';
import { customers, tasks, users } from '../src/db/schema/index.js';
import { addUser, bearer, createTestApp, dbTargets, login, type TestApp } from './helpers.js';
import { PDF, PNG, postMultipart, seedCustomers } from './tasks-fixtures.js';

/*
 * The business dashboard's records (issue 21): two customer accounts with data each; every call
 * answers only the caller's own, every id of the other's answers 404, staff get 403, anonymous 401.
 */

for (const target of dbTargets()) {
  describe(`business records (${target})`, () => {
    let t: TestApp;
    const tok: Record<'a' | 'b' | 'none' | 'staff' | 'admin', string> = {
      a: '',
      b: '',
      none: '',
      staff: '',
      admin: '',
    };
    const ids = { a: 0, b: 0 };
    let aTaskFile = 0;
    let bTaskFile = 0;

    const call = (
      who: keyof typeof tok | null,
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
    ) => t.app.inject({ method, url, payload, headers: who ? bearer(tok[who]) : {} });

    async function customerAccount(kundennummer: string | null) {
      const u = await addUser(t.db, { role: 'customer' });
      if (kundennummer) {
        const [c] = await t.db.select().from(customers).where(eq(customers.kundennummer, kundennummer));
        await t.db.update(users).set({ customer_id: c!.id }).where(eq(users.id, u.id));
      }
      return { token: await login(t.app, u.email, u.password) };
    }

    async function taskWithFile(kundennummer: string, agentId: number, content: Buffer, name: string) {
      const [task] = await t.db
        .insert(tasks)
        .values({
          titel: `Aufgabe ${kundennummer}`,
          beschreibung: 'x',
          frist: new Date(),
          typ: 1,
          country_id: 1,
          user_id: agentId,
          kundennummer,
        })
        .returning();
      const res = await postMultipart(t.app, '/api/upload-task-files', tok.staff, [
        { name: 'taskId', value: String(task!.id) },
        { name: 'files', file: { filename: name, content } },
      ]);
      assert.equal(res.statusCode, 200, res.body);
      return res.json().files[0].id as number;
    }

    before(async () => {
      t = await createTestApp(target);
      await seedCustomers(t.db);
      const [a] = await t.db.select().from(customers).where(eq(customers.kundennummer, '10001'));
      const [b] = await t.db.select().from(customers).where(eq(customers.kundennummer, '10002'));
      ids.a = a!.id;
      ids.b = b!.id;
      tok.a = (await customerAccount('10001')).token;
      tok.b = (await customerAccount('10002')).token;
      tok.none = (await customerAccount(null)).token;
      const staff = await addUser(t.db, { role: 'agent', flags: ['tasks'] });
      tok.staff = await login(t.app, staff.email, staff.password);
      const adm = await addUser(t.db, { role: 'admin' });
      tok.admin = await login(t.app, adm.email, adm.password);

      // Staff share a document with each customer; each has a task file, A's shared, B's not.
      for (const [id, content, name] of [
        [ids.a, PDF, 'Vertrag A.pdf'],
        [ids.b, PNG, 'Plan B.png'],
      ] as const) {
        const res = await postMultipart(t.app, `/api/customers/${id}/documents`, tok.staff, [
          { name: 'files', file: { filename: name, content } },
        ]);
        assert.equal(res.statusCode, 201, res.body);
        assert.equal(res.json().message, BUSINESS_RECORDS_MSG.documentsShared.de);
      }
      aTaskFile = await taskWithFile('10001', staff.id, PDF, 'Rechnung A.pdf');
      bTaskFile = await taskWithFile('10002', staff.id, PDF, 'Intern B.pdf');
      const share = await call('staff', 'PUT', `/api/task-files/${aTaskFile}/share`, { shared: true });
      assert.equal(share.statusCode, 200, share.body);
      assert.equal(share.json().message, BUSINESS_RECORDS_MSG.taskFileShared.de);
    });
    after(() => t.close());

    it('documents: each customer sees and downloads only their own; every other id is 404', async () => {
      const a = (await call('a', 'GET', '/api/business/documents')).json();
      assert.deepEqual(a.items.map((d: { name: string }) => d.name).sort(), ['Rechnung A.pdf', 'Vertrag A.pdf']);
      assert.equal(a.total, 2);
      const b = (await call('b', 'GET', '/api/business/documents')).json();
      assert.deepEqual(
        b.items.map((d: { name: string }) => d.name),
        ['Plan B.png'],
      );
      const fromTask = a.items.find((d: { source: string }) => d.source === 'task');
      assert.equal(fromTask.task_title, 'Aufgabe 10001');

      for (const d of a.items as { id: string }[]) {
        const res = await call('a', 'GET', `/api/business/documents/${d.id}/download`);
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['content-type'], 'application/pdf');
        assert.ok(res.rawPayload.equals(PDF));
        assert.match(String(res.headers['content-disposition']), /attachment; filename=".+\.pdf"/);
        assert.equal((await call('b', 'GET', `/api/business/documents/${d.id}/download`)).statusCode, 404);
      }
      const bDoc = b.items[0].id as string;
      const foreign = await call('a', 'GET', `/api/business/documents/${bDoc}/download`);
      assert.equal(foreign.statusCode, 404);
      assert.equal(foreign.json().message, BUSINESS_RECORDS_MSG.documentNotFound.de);
      // B's task file is not shared: not even B gets it, and A never.
      assert.equal((await call('b', 'GET', `/api/business/documents/t${bTaskFile}/download`)).statusCode, 404);
      assert.equal((await call('a', 'GET', `/api/business/documents/t${bTaskFile}/download`)).statusCode, 404);
      assert.equal((await call('a', 'GET', '/api/business/documents/x1/download')).statusCode, 400);

      // Taken back: gone from A's list and download.
      await call('staff', 'PUT', `/api/task-files/${aTaskFile}/share`, { shared: false });
      assert.equal((await call('a', 'GET', '/api/business/documents')).json().total, 1);
      assert.equal((await call('a', 'GET', `/api/business/documents/t${aTaskFile}/download`)).statusCode, 404);
      await call('staff', 'PUT', `/api/task-files/${aTaskFile}/share`, { shared: true });
      // Paged on the server.
      const page = (await call('a', 'GET', '/api/business/documents?limit=1&offset=1')).json();
      assert.equal(page.items.length, 1);
      assert.equal(page.total, 2);
    });

    it('staff share only real files with existing customers', async () => {
      const none = await postMultipart(t.app, `/api/customers/999999/documents`, tok.staff, [
        { name: 'files', file: { filename: 'x.pdf', content: PDF } },
      ]);
      assert.equal(none.statusCode, 404);
      const exe = await postMultipart(t.app, `/api/customers/${ids.a}/documents`, tok.staff, [
        {
          name: 'files',
          file: { filename: 'x.pdf', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100, 1)]) },
        },
      ]);
      assert.equal(exe.statusCode, 415);
      const empty = await postMultipart(t.app, `/api/customers/${ids.a}/documents`, tok.staff, []);
      assert.equal(empty.statusCode, 400);
      assert.equal(empty.json().message, COMMON_MSG.noFiles.de);
    });

    it('branches: add, list, change and delete only the own; the other customer’s ids are 404', async () => {
      const body = {
        name: 'Filiale Mitte',
        address: 'Hauptstraße 1',
        zipcode: '1010',
        city: 'Wien',
        phone: '+43 1 234567',
      };
      const ra = await call('a', 'POST', '/api/business/branches', body);
      assert.equal(ra.statusCode, 201, ra.body);
      assert.equal(ra.json().message, BUSINESS_RECORDS_MSG.branchCreated.de);
      const aId = ra.json().branch.id as number;
      assert.equal(ra.json().branch.opening_hours, null);
      const rb = await call('b', 'POST', '/api/business/branches', {
        ...body,
        name: 'Filiale Graz',
        city: 'Graz',
        zipcode: '8010',
      });
      const bId = rb.json().branch.id as number;

      const listA = (await call('a', 'GET', '/api/business/branches')).json();
      assert.deepEqual(
        listA.map((b: { id: number }) => b.id),
        [aId],
      );
      const listB = (await call('b', 'GET', '/api/business/branches')).json();
      assert.deepEqual(
        listB.map((b: { id: number }) => b.id),
        [bId],
      );

      const put = await call('a', 'PUT', `/api/business/branches/${bId}`, body);
      assert.equal(put.statusCode, 404);
      assert.equal(put.json().message, BUSINESS_RECORDS_MSG.branchNotFound.de);
      assert.equal((await call('a', 'DELETE', `/api/business/branches/${bId}`)).statusCode, 404);
      assert.equal((await call('b', 'GET', '/api/business/branches')).json().length, 1);

      const changed = await call('a', 'PUT', `/api/business/branches/${aId}`, {
        ...body,
        opening_hours: 'Mo–Fr 10–22',
      });
      assert.equal(changed.statusCode, 200);
      assert.equal(changed.json().branch.opening_hours, 'Mo–Fr 10–22');

      const bad = await call('a', 'POST', '/api/business/branches', { ...body, zipcode: '!', phone: 'abc' });
      assert.equal(bad.statusCode, 400);
      assert.ok(
        [BUSINESS_RECORDS_MSG.branchZipcodeInvalid.de, BUSINESS_RECORDS_MSG.phoneInvalid.de].includes(
          bad.json().message,
        ),
      );
      const noName = await call('a', 'POST', '/api/business/branches', { ...body, name: ' \u200b' });
      assert.equal(noName.json().message, COMMON_MSG.nameRequired.de);

      const del = await call('a', 'DELETE', `/api/business/branches/${aId}`);
      assert.equal(del.json().message, BUSINESS_RECORDS_MSG.branchDeleted.de);
      assert.equal((await call('a', 'GET', '/api/business/branches')).json().length, 0);
      assert.equal((await call('a', 'DELETE', `/api/business/branches/${aId}`)).statusCode, 404);
    });

    it('news: admins write posts; customers read published ones in their language, unread marked', async () => {
      const past = new Date(Date.now() - 3600_000).toISOString();
      const older = new Date(Date.now() - 7200_000).toISOString();
      const future = new Date(Date.now() + 86_400_000).toISOString();
      const p1 = await call('admin', 'POST', '/api/news', {
        title: 'Neue Kassenversion',
        text: 'Version 5 ist da.',
        published_from: past,
        translations: { en: { title: 'New till version', text: 'Version 5 is here.' } },
      });
      assert.equal(p1.statusCode, 201, p1.body);
      const p0 = await call('admin', 'POST', '/api/news', { title: 'Älter', text: 'Früher.', published_from: older });
      const p2 = await call('admin', 'POST', '/api/news', {
        title: 'Morgen',
        text: 'Noch nicht.',
        published_from: future,
      });
      const [id1, id0, id2] = [p1, p0, p2].map((r) => r.json().post.id as number);
      const half = await call('admin', 'POST', '/api/news', {
        title: 'x',
        text: 'y',
        published_from: past,
        translations: { fr: { title: 'Seulement titre' } },
      });
      assert.equal(half.statusCode, 400);
      assert.equal(half.json().message, BUSINESS_RECORDS_MSG.newsTranslationIncomplete.de);

      const en = (await call('a', 'GET', '/api/business/news?lang=en')).json();
      assert.deepEqual(
        en.items.map((n: { id: number }) => n.id),
        [id1, id0],
      );
      assert.equal(en.items[0].title, 'New till version');
      assert.equal(en.items[0].lang, 'en');
      assert.equal(en.items[1].title, 'Älter');
      assert.equal(en.items[1].lang, 'de');
      assert.equal(en.unread, 2);
      const fr = (await call('a', 'GET', '/api/business/news?lang=fr')).json();
      assert.equal(fr.items[0].title, 'Neue Kassenversion');

      assert.equal((await call('a', 'POST', `/api/business/news/${id1}/read`)).statusCode, 200);
      assert.equal((await call('a', 'POST', `/api/business/news/${id1}/read`)).statusCode, 200);
      assert.equal((await call('a', 'POST', `/api/business/news/${id2}/read`)).statusCode, 404);
      const after1 = (await call('a', 'GET', '/api/business/news')).json();
      assert.deepEqual(
        after1.items.map((n: { read: boolean }) => n.read),
        [true, false],
      );
      assert.equal(after1.unread, 1);
      // Read marks are per account: B still has both unread.
      assert.equal((await call('b', 'GET', '/api/business/news')).json().unread, 2);

      // The admin list has every post; moving the date publishes it.
      const all = (await call('admin', 'GET', '/api/news')).json();
      assert.equal(all.total, 3);
      assert.equal(all.items.find((p: { id: number }) => p.id === id2).published, false);
      assert.equal(all.items.find((p: { id: number }) => p.id === id1).reads, 1);
      const moved = await call('admin', 'PUT', `/api/news/${id2}`, {
        title: 'Heute',
        text: 'Jetzt.',
        published_from: past,
      });
      assert.equal(moved.statusCode, 200);
      assert.equal((await call('b', 'GET', '/api/business/news')).json().total, 3);
      assert.equal((await call('admin', 'DELETE', `/api/news/${id2}`)).statusCode, 200);
      assert.equal((await call('admin', 'DELETE', `/api/news/${id2}`)).statusCode, 404);
      assert.equal((await call('b', 'GET', '/api/business/news')).json().total, 2);
    });

    it('profile: contact data of the own record; company name and number stay', async () => {
      const p = (await call('a', 'GET', '/api/business/profile')).json();
      assert.equal(p.kundennummer, '10001');
      const res = await call('a', 'PUT', '/api/business/profile', {
        kontaktperson: 'Maria Muster',
        email: 'office@hirsch.at',
        telefon: '+43 664 1234567',
        firma: 'Übernommen GmbH',
        kundennummer: '99999',
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, BUSINESS_RECORDS_MSG.profileSaved.de);
      const [a] = await t.db.select().from(customers).where(eq(customers.id, ids.a));
      assert.equal(a!.kontaktperson, 'Maria Muster');
      assert.equal(a!.firma, 'Gasthaus Zum Goldenen Hirschen');
      assert.equal(a!.kundennummer, '10001');
      const [b] = await t.db.select().from(customers).where(eq(customers.id, ids.b));
      assert.equal(b!.kontaktperson, null);
      const bad = await call('a', 'PUT', '/api/business/profile', { email: 'kein-mail' });
      assert.equal(bad.json().message, COMMON_MSG.emailFormat.de);
      // Left out stays, empty clears.
      await call('a', 'PUT', '/api/business/profile', { telefon: '' });
      const again = (await call('a', 'GET', '/api/business/profile')).json();
      assert.equal(again.telefon, null);
      assert.equal(again.email, 'office@hirsch.at');
    });

    it('access: staff 403, anonymous 401, an account without a customer record 404, customers not on admin news', async () => {
      const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
        ['GET', '/api/business/documents'],
        ['GET', '/api/business/documents/c1/download'],
        ['GET', '/api/business/branches'],
        ['POST', '/api/business/branches', { name: 'a', address: 'b', zipcode: '1010', city: 'c' }],
        ['PUT', '/api/business/branches/1', { name: 'a', address: 'b', zipcode: '1010', city: 'c' }],
        ['DELETE', '/api/business/branches/1'],
        ['GET', '/api/business/news'],
        ['POST', '/api/business/news/1/read'],
        ['GET', '/api/business/profile'],
        ['PUT', '/api/business/profile', {}],
      ];
      for (const [m, url, body] of calls) {
        assert.equal((await call('staff', m, url, body)).statusCode, 403, `${m} ${url}`);
        assert.equal((await call('admin', m, url, body)).statusCode, 403, `${m} ${url}`);
        assert.equal((await call(null, m, url, body)).statusCode, 401, `${m} ${url}`);
        assert.equal((await call('none', m, url, body)).statusCode, 404, `${m} ${url}`);
      }
      assert.equal((await call('a', 'GET', '/api/news')).statusCode, 403);
      assert.equal((await call('staff', 'GET', '/api/news')).statusCode, 403);
      const share = await postMultipart(t.app, `/api/customers/${ids.a}/documents`, tok.a, [
        { name: 'files', file: { filename: 'x.pdf', content: PDF } },
      ]);
      assert.equal(share.statusCode, 403);
    });
  });
}
