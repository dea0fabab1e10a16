import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

// The server's walls as lint rules (eslint.config.js), run through ESLint's Node API: each rule must
// really refuse what it is meant to refuse. The sources are linted as if they lay at `filePath`.
const root = new URL('../../../', import.meta.url).pathname;
const src = `${root}apps/server/src/`;
// `ignore: false`: the cycle fixture is ignored by `npm run lint` (it fails on purpose).
const eslint = new ESLint({ cwd: root, ignore: false });

async function wallMessages(code: string, file: string, rule = 'import-x/no-restricted-paths') {
  const [result] = await eslint.lintText(code, { filePath: `${src}${file}` });
  return result!.messages.filter((m) => m.ruleId === rule);
}

test('platform/ imports no module', async () => {
  const code = "import { notify } from '../modules/notifications/index.js';\nexport const n = notify;\n";
  const messages = await wallMessages(code, 'platform/uses-module.ts');
  assert.equal(messages.length, 1, JSON.stringify(messages));
  assert.match(messages[0]!.message, /platform\/ kennt keinen Bereich/);
});

test('db/ imports no module (demo seeds live in seed/)', async () => {
  const code =
    "import { insertSampleOrder } from '../modules/rksv-orders/sample-orders.js';\nexport const s = insertSampleOrder;\n";
  const messages = await wallMessages(code, 'db/seed-something.ts');
  assert.equal(messages.length, 1, JSON.stringify(messages));
  assert.match(messages[0]!.message, /db\/ kennt keinen Bereich/);
  // The same import from seed/ is allowed.
  assert.deepEqual(await wallMessages(code, 'seed/demo-something.ts'), []);
});

test('a module reaches another module only through its index.ts', async () => {
  const inner =
    "import { customerCountryFilter } from '../customers/service.js';\nexport const f = customerCountryFilter;\n";
  const messages = await wallMessages(inner, 'modules/signage/uses-inner.ts');
  assert.equal(messages.length, 1, JSON.stringify(messages));
  assert.match(messages[0]!.message, /nur über seine index\.ts/);
  // Deeper files of a module (business/own-data) are held to the same wall.
  const deep =
    "import { createTaskFromRequest } from '../../tasks/from-request.js';\nexport const c = createTaskFromRequest;\n";
  assert.equal((await wallMessages(deep, 'modules/business/own-data/uses-inner.ts')).length, 1);

  const throughIndex = inner.replace('../customers/service.js', '../customers/index.js');
  assert.deepEqual(await wallMessages(throughIndex, 'modules/signage/uses-index.ts'), []);
  // Its own files, platform/ and db/ stay open to a module.
  const own =
    "import { customerIdFor } from './customers.js';\nimport { notFound } from '../../platform/errors.js';\nimport { tasks } from '../../db/schema/index.js';\nexport const x = [customerIdFor, notFound, tasks];\n";
  assert.deepEqual(await wallMessages(own, 'modules/signage/own.ts'), []);
});

test('an import cycle on the server fails lint', async () => {
  const [result] = await eslint.lintFiles([`${root}apps/server/test/fixtures/lint-cycle/a.ts`]);
  assert.equal(
    result!.messages.filter((m) => m.ruleId === 'import-x/no-cycle').length,
    1,
    JSON.stringify(result!.messages),
  );
});

test('the server itself passes the wall rules', async () => {
  const results = await eslint.lintFiles(['apps/server/src']);
  const broken = results.flatMap((r) =>
    r.messages
      .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'import-x/no-cycle')
      .map((m) => `${r.filePath}:${m.line} ${m.message}`),
  );
  assert.deepEqual(broken, []);
});

/**
 * Tables platform/ owns (sessions and users of the guard, the job schedule, the outbox, rate limits,
 * idempotency keys, the local payment provider's sessions). An area's table reaches platform/ only
 * through a registration (app.ts). The backup's manifest counts the tasks: that count is part of its
 * file format, so backup.ts keeps naming `tasks`.
 */
const PLATFORM_TABLES = new Set([
  'agentLevels',
  'countries',
  'roles',
  'sessions',
  'users',
  'jobSchedule',
  'auditLog',
  'auditHead',
  'mailOutbox',
  'rateLimits',
  'idempotencyKeys',
  'localCheckoutSessions',
]);
const KNOWN = new Map([['backup.ts', new Set(['tasks'])]]);

test('platform/ names no area table', () => {
  const dir = `${src}platform`;
  const named: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'[./]+\/db\/schema(?:\/[^']*)?'/g)) {
      for (const name of m[1]!
        .split(',')
        .map((s) => s.trim().replace(/^type\s+/, ''))
        .filter(Boolean)) {
        if (!PLATFORM_TABLES.has(name) && !KNOWN.get(rel)?.has(name)) named.push(`${rel}: ${name}`);
      }
    }
  }
  assert.deepEqual(named, []);
});

test('an area registers no route by hand: only serve() from a declaration', async () => {
  const byHand = [
    "export const r = (app: any) => app.get('/api/x', {}, async () => ({}));\n",
    'export const r = (app: any) => app.post(`/api/x/${1}`, async () => ({}));\n',
    "export const r = (app: any) => app.route({ method: 'GET', url: '/api/x', handler: async () => ({}) });\n",
  ];
  for (const code of byHand)
    assert.equal((await wallMessages(code, 'modules/tasks/by-hand.ts', 'no-restricted-syntax')).length, 1, code);
  // A map's get with a key is no route.
  const map = "const m = new Map<string, number>();\nexport const v = m.get('x');\n";
  assert.deepEqual(await wallMessages(map, 'modules/tasks/map.ts', 'no-restricted-syntax'), []);
});

test('a web area fetches only through lib/calls.ts', async () => {
  const web = `${root}apps/web/src/`;
  const lint = async (code: string, file: string) =>
    (await eslint.lintText(code, { filePath: `${web}${file}` }))[0]!.messages.filter(
      (m) => m.ruleId === 'no-restricted-imports',
    );
  const own = "import { api } from '../../../lib/api';\nexport const f = () => api('/x');\n";
  assert.equal((await lint(own, 'features/tasks/api/own-client.ts')).length, 1);
  const upload = "import { uploadWithProgress } from '../../../lib/upload';\nexport const u = uploadWithProgress;\n";
  assert.equal((await lint(upload, 'features/tasks/api/own-upload.ts')).length, 1);
  // Reading an error's kind stays open.
  const error =
    "import { ApiError } from '../../../lib/api';\nexport const isApi = (e: unknown) => e instanceof ApiError;\n";
  assert.deepEqual(await lint(error, 'features/tasks/api/error.ts'), []);
});
