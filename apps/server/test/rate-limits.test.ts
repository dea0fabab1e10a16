import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createTestApp, dbTargets, type TestApp } from './helpers.js';

/**
 * Issue 28 item 16: every 429 of the app carries Retry-After in whole seconds (RFC 9110: delay-seconds),
 * whichever limit answered: in memory per process (@fastify/rate-limit) or in the database (db-rate-limit).
 * Each rate-limited family is driven past its limit with small limits from the environment.
 */
for (const target of dbTargets())
  describe(`every 429 carries Retry-After (${target})`, () => {
    let t: TestApp;
    const LIMIT = 2;
    /** Window of every limit of the app: 10 minutes. */
    const WINDOW_S = 600;

    before(async () => {
      t = await createTestApp(target, { LOGIN_RATE_LIMIT: String(LIMIT), PUBLIC_FORM_RATE_LIMIT: String(LIMIT) });
    });
    after(() => t.close());

    /** Sends until the first 429 (at most `max` calls) and returns it. */
    async function until429(
      max: number,
      call: (i: number) => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>,
    ) {
      for (let i = 0; i < max; i++) {
        const res = await call(i);
        if (res.statusCode === 429) return res;
        assert.ok(res.statusCode < 500, `${res.statusCode} ${res.body}`);
      }
      assert.fail(`no 429 after ${max} calls`);
    }
    const assertRetryAfter = (name: string, res: { headers: Record<string, unknown>; body: string }) => {
      const value = String(res.headers['retry-after'] ?? '');
      assert.match(value, /^\d+$/, `${name}: Retry-After "${value}" (body ${res.body})`);
      assert.ok(Number(value) >= 1 && Number(value) <= WINDOW_S, `${name}: Retry-After ${value}`);
    };
    const post = (url: string, payload: object, ip = '10.0.0.1') =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

    it('sign-in: per email (database) and per address (in memory)', async () => {
      // Failed sign-ins of one email from one address: over the email's limit the answer is 429.
      const perEmail = await until429(LIMIT + 3, () =>
        post('/auth/login', { email: 'opfer@example.com', password: 'falsch-falsch-1' }, '10.0.1.1'),
      );
      assertRetryAfter('login per email', perEmail);
      // Many emails from one address: the per-address limit (5 × LOGIN_RATE_LIMIT).
      const perIp = await until429(LIMIT * 5 + 3, (i) =>
        post('/auth/login', { email: `x${i}@example.com`, password: 'falsch-falsch-1' }, '10.0.1.2'),
      );
      assertRetryAfter('login per address', perIp);
    });

    it('public forms: the form calls (database) and the challenge (in memory)', async () => {
      const form = await until429(LIMIT + 2, () => post('/web/deprequest', {}, '10.0.2.1'));
      assertRetryAfter('public form', form);
      const challenge = await until429(LIMIT * 5 + 2, () =>
        t.app.inject({ method: 'GET', url: '/web/challenge', remoteAddress: '10.0.2.2' }),
      );
      assertRetryAfter('challenge', challenge);
    });

    it('public rating: each of the three calls', async () => {
      for (const [i, url] of [
        '/web/verify-customer-rating',
        '/web/verify-code-rating',
        '/web/submit-rating',
      ].entries()) {
        const res = await until429(LIMIT + 2, () =>
          post(url, { customerNumber: '10001', taskId: 1 }, `10.0.3.${i + 1}`),
        );
        assertRetryAfter(url, res);
      }
    });

    it('shop and signage registration', async () => {
      const shop = await until429(LIMIT + 2, () =>
        post('/web/update-rksv-order-status', { session_id: 'cs_x', status: 'failed' }, '10.0.4.1'),
      );
      assertRetryAfter('shop', shop);
      const register = await until429(40, () => post('/ds/api/register', { uuid: randomUUID() }, '10.0.4.2'));
      assertRetryAfter('signage register', register);
    });
  });
