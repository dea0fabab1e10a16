import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { DEMO } from './helpers.js';

/* The steps before a customer can rate, as the server does them: a support request, its task closed, the mailed code. */

/** A classic support request with a contact e-mail, as the public form sends it (proof of work solved here). */
export async function supportRequest(baseUrl: string, lokalname: string): Promise<number> {
  const challenge = (await (await fetch(`${baseUrl}/web/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  assert.ok(solution);
  const form = new FormData();
  form.set('altcha', Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'));
  for (const [k, v] of Object.entries({
    kundennummer: '10001',
    lokalname,
    telefonnummer: '+43 664 4426822',
    email: 'bewertung@example.at',
    name: 'Berta Bewerter',
    plz: '1010',
    description: 'Der Bondrucker in der Küche druckt seit heute früh nicht mehr.',
    agb: 'true',
  }))
    form.set(k, v);
  const res = await fetch(`${baseUrl}/web/classic-support`, { method: 'POST', body: form });
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { reference: number }).reference;
}

/** The admin takes the task, marks it done and files the audit: the task is `abgeschlossen`. */
export async function closeTask(baseUrl: string, taskId: number) {
  const login = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.admin),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const auth = { authorization: `Bearer ${accessToken}` };
  const post = async (url: string, body: object) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.equal(res.status, 200, `${url}: ${await res.text()}`);
  };
  await post('/api/claim-task', { taskID: taskId });
  await post('/api/task-set-status', { taskID: taskId, status: 'erledigt' });
  const audit = new FormData();
  audit.set('taskID', String(taskId));
  audit.set('description', 'Drucker neu eingerichtet, Testbon gedruckt.');
  audit.set('contacted', 'true');
  const res = await fetch(`${baseUrl}/api/audit-task`, { method: 'POST', headers: auth, body: audit });
  assert.equal(res.status, 200, await res.text());
}

/** The rating mail as the mail folder has it (no SMTP: DATA_DIR/mail/<id>.eml), quoted-printable decoded. */
export async function ratingMail(dataDir: string, taskId: number): Promise<{ link: string; code: string; text: string }> {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    for (const f of files) {
      const text = fs
        .readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      const link = new RegExp(`https?://\\S+/rating/${taskId}\\b`).exec(text)?.[0];
      const code = /Bewertungscode: (\d{6})/.exec(text)?.[1];
      if (link && code) return { link, code, text };
    }
    if (Date.now() > deadline) throw new Error(`no rating mail for task ${taskId} in ${dir}: ${files.join(', ')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
