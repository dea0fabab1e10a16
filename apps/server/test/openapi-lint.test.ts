import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * The OpenAPI document at /api/docs is what a client generator reads: it passes `redocly lint` with the
 * recommended rules (every operation named by a stable operationId, its 4XX answers listed, a summary,
 * servers, typed schemas), without a single warning.
 */
describe('OpenAPI document', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('pglite');
  });
  after(() => t.close());

  it('passes redocly lint with the recommended rules, no errors and no warnings', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    assert.equal(res.statusCode, 200);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: res.body, absoluteRef: '/api/docs/json', config });
    const lines = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`,
    );
    const errors = problems.filter((p) => p.severity === 'error').length;
    const warnings = problems.filter((p) => p.severity === 'warn').length;
    assert.equal(problems.length, 0, `${errors} errors, ${warnings} warnings:\n${lines.join('\n')}`);
  });

  it('names every operation with a unique camelCase operationId', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const ids: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        assert.match(op.operationId ?? '', /^[a-z][A-Za-z0-9]*$/, `${method.toUpperCase()} ${path}`);
        ids.push(op.operationId!);
      }
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
  });

  it('lists the 4XX answers each route’s access and input can give', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const missing: string[] = [];
    for (const r of t.app.routeTable) {
      if (r.method === 'HEAD' || r.url.startsWith('/api/docs')) continue;
      const op = doc.paths[r.url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[r.method.toLowerCase()];
      assert.ok(op, `${r.method} ${r.url} is in the document`);
      // Every route refuses a NUL in its input with 400 (platform/input-hygiene.ts).
      const expected = ['400'];
      if (r.access !== 'public') expected.push('401');
      if (r.access && r.access !== 'public' && 'roles' in r.access) expected.push('403');
      for (const status of expected) if (!op.responses[status]) missing.push(`${r.method} ${r.url}: ${status}`);
    }
    assert.deepEqual(missing, []);
  });
});
