import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ALL_CALLS as declared } from '@portal/shared/contracts';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * One declaration per call (packages/shared/src/contracts): every route the server answers was
 * registered by `serve` from a declaration, and every declaration is served, once. Only the web app's
 * own files and the API documentation are routes of another kind.
 */
const NOT_CALLS = (url: string) =>
  url.startsWith('/api/docs') || !/^\/(api|auth|web|sync|protected-files|ds|healthz|readyz|metrics)\b/.test(url);

describe('declared routes', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('pglite');
  });
  after(() => t.close());

  it('registers no route by hand: each one comes from its declaration', () => {
    const undeclared = t.app.routeTable
      .filter((r) => r.method !== 'HEAD' && !NOT_CALLS(r.url) && !r.call)
      .map((r) => `${r.method} ${r.url}`);
    assert.deepEqual(undeclared, []);
  });

  it('serves every declaration exactly once, at its method and path', () => {
    const served = new Map<string, string[]>();
    for (const r of t.app.routeTable)
      if (r.call && r.method !== 'HEAD') served.set(r.call, [...(served.get(r.call) ?? []), `${r.method} ${r.url}`]);
    for (const call of declared) assert.deepEqual(served.get(call.name), [`${call.method} ${call.path}`], call.name);
  });

  it('names each declaration once across the areas', () => {
    const names = declared.map((c) => c.name);
    assert.deepEqual(
      names.filter((n, i) => names.indexOf(n) !== i),
      [],
    );
  });
});
