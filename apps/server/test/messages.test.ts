import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { COMMON_MSG, MESSAGES, isMessage } from '@portal/shared';
import {
  HttpError,
  badRequest,
  errorBody,
  forbidden,
  notFound,
  registerErrorHandling,
} from '../src/platform/errors.js';
import * as authService from '../src/modules/auth/service.js';
import * as usersService from '../src/modules/users/service.js';
import * as taskAccess from '../src/modules/tasks/access.js';
import * as taskAudience from '../src/modules/tasks/audience.js';
import { MSG as TASK_MSG } from '../src/modules/tasks/common.js';
import { SHOP_ERR } from '../src/modules/shop/common.js';
import * as uploads from '../src/platform/uploads.js';
import * as idempotency from '../src/platform/idempotency.js';
import { createTestApp, dbTargets, type TestApp } from './helpers.js';

const src = fileURLToPath(new URL('../src', import.meta.url));
const sources = fs
  .readdirSync(src, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ file: f, text: fs.readFileSync(path.join(src, f), 'utf8') }));

/** Lines of the server's source that match a pattern, as `file:line: text`. */
function offending(pattern: RegExp): string[] {
  const out: string[] = [];
  for (const { file, text } of sources) {
    text.split('\n').forEach((line, i) => {
      if (pattern.test(line)) out.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return out;
}

describe('server messages come from the shared catalogue', () => {
  it('no error is thrown with a text written in place', () => {
    assert.deepEqual(offending(/\b(badRequest|unauthorized|forbidden|notFound|conflict)\(\s*['"`]/), []);
    assert.deepEqual(offending(/new HttpError\(\s*\d+\s*,\s*['"`]/), []);
  });

  it('no answer carries a message written in place, and no module keeps its own message constants', () => {
    assert.deepEqual(offending(/(return|send\()\s*\{[^}]*\bmessage:\s*['"`]/), []);
    assert.deepEqual(offending(/\bconst MSG\w*\s*=\s*['"`]/), []);
    // a zod rule of a route with its own German text (a shared schema's messages are the catalogue's)
    assert.deepEqual(offending(/\.(min|max|regex|refine)\([^)]*,\s*'[A-ZÄÖÜ][a-zäöüß]+ /), []);
  });

  it('every message constant the server answers with is an entry of the catalogue', () => {
    const constants: [string, unknown][] = [
      ...Object.entries(authService),
      ...Object.entries(usersService),
      ...Object.entries(taskAccess),
      ...Object.entries(taskAudience),
      ...Object.entries(uploads),
      ...Object.entries(idempotency),
    ].filter(([name]) => name.startsWith('MSG_'));
    constants.push(...Object.entries(TASK_MSG), ...Object.entries(SHOP_ERR));
    assert.ok(constants.length > 25);
    for (const [name, entry] of constants) {
      assert.ok(isMessage(entry), name);
      assert.equal(MESSAGES.get(entry.code), entry.de, `${name}: ${entry.code} is not in the catalogue`);
    }
  });

  it('the helpers and the error handler answer {message, code}', async () => {
    for (const e of [forbidden(), notFound(), badRequest(COMMON_MSG.badRequest)]) {
      assert.ok(errorBody(e.entry).code.startsWith('common.'), e.message);
    }
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/many', async () => {
      throw new HttpError(429, COMMON_MSG.tooManyRequests);
    });
    app.get('/boom', async () => {
      throw new Error('secret');
    });
    const many = await app.inject({ url: '/many' });
    assert.deepEqual(many.json(), { message: COMMON_MSG.tooManyRequests.de, code: 'common.tooManyRequests' });
    assert.deepEqual((await app.inject({ url: '/boom' })).json(), {
      message: COMMON_MSG.internal.de,
      code: 'common.internal',
    });
    await app.close();
  });
});

for (const target of dbTargets()) {
  describe(`error answers carry the catalogue code (${target})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(target);
    });
    after(() => t.close());

    it('a schema message, a module message and a status text', async () => {
      const invalid = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: '', password: 'x' } });
      assert.deepEqual(invalid.json(), {
        message: 'E-Mail ist erforderlich',
        code: 'common.emailRequired',
        errors: [{ field: 'email', message: 'E-Mail ist erforderlich', code: 'common.emailRequired' }],
      });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: 'niemand@test.at', password: 'irgendwas-langes' },
      });
      assert.equal(unknown.json().code, 'auth.userNotFound');
      const unauth = await t.app.inject({ url: '/api/get-notifications' });
      assert.equal(unauth.statusCode, 401);
      assert.equal(unauth.json().code, 'common.unauthorized');
    });
  });
}
