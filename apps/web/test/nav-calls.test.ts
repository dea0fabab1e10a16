import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ALL_CALLS } from '@portal/shared/contracts';
import { NAV_ENTRIES } from '../src/app/agent/nav';

// A sidebar entry shows exactly when its screen's calls would answer: each entry names the declared
// call whose access it mirrors (nav.ts `call`), and its flags and admin mark say what that call's
// access says. e2e/nav-access.test.ts then checks every call a screen makes, signed in for real.

/** Entries whose screens call nothing restricted: the spec's placeholders and what every account opens. */
const WITHOUT_CALL = new Set([
  'conversations',
  'doc-base',
  'knowledge-base',
  'rma',
  'goods-receipt',
  'work-confirmation',
  'reorder-goods',
  'osmsoverview',
  'osms/orders',
  'osms/orders/offen',
  'osms/orders/erstellt',
  'stock/overview',
  'stock/orders',
  'stock/orders/offen',
  'stock/orders/erstellt',
  'rksvexternal',
]);

describe('sidebar entries and their declared calls', () => {
  for (const entry of NAV_ENTRIES)
    it(`${entry.path}`, () => {
      if (!entry.call) {
        assert.ok(WITHOUT_CALL.has(entry.path), `${entry.path} names no call`);
        return;
      }
      const call = ALL_CALLS.find((c) => c.name === entry.call);
      assert.ok(call, `${entry.path}: no declaration named ${entry.call}`);
      assert.equal(call.access.kind, 'session', `${entry.path}: ${call.name} is not a signed-in call`);
      if (call.access.kind !== 'session') return;
      const { roles, anyFlag = [], allFlags = [] } = call.access;
      assert.ok(anyFlag.length <= 1, `${call.name}: a sidebar entry cannot say "any one of" ${anyFlag.join(', ')}`);
      assert.deepEqual([...(entry.flags ?? [])].sort(), [...anyFlag, ...allFlags].sort(), `${entry.path}: flags`);
      const adminOnly = roles !== undefined && roles.length === 1 && roles[0] === 'admin';
      assert.equal(entry.adminOnly ?? false, adminOnly, `${entry.path}: admin only`);
    });

  it('a placeholder entry has no screen that calls the server', () => {
    for (const path of WITHOUT_CALL)
      assert.ok(
        NAV_ENTRIES.some((e) => e.path === path),
        `${path} is not in the sidebar`,
      );
  });
});
