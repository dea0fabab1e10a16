import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';

// The project's own ESLint configuration, run through ESLint's Node API on fixtures: the lint rules
// of the web app's structure must really refuse what they are meant to refuse.
const root = new URL('../../../', import.meta.url).pathname;
// The fixtures are ignored by `npm run lint` (they fail on purpose); here they are linted.
const eslint = new ESLint({ cwd: root, ignore: false });
const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;

test('an area importing another area fails lint', async () => {
  const code = readFileSync(fixture('cross-feature-import.tsx'), 'utf8');
  const [result] = await eslint.lintText(code, {
    filePath: `${root}apps/web/src/features/tasks/cross-feature-import.tsx`,
  });
  const messages = result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths');
  assert.equal(messages.length, 1, JSON.stringify(result!.messages));
  assert.match(messages[0]!.message, /Kein Import aus einem anderen Bereich/);
});

test('the same import from app/ (route tables, layouts) is allowed', async () => {
  const code = readFileSync(fixture('cross-feature-import.tsx'), 'utf8').replace('../auth/', '../features/auth/');
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/web/src/app/cross-feature-import.tsx` });
  assert.deepEqual(
    result!.messages.filter((m) => m.ruleId?.startsWith('import-x/')),
    [],
  );
});

test('an area importing its own files and lib/ passes', async () => {
  const code =
    "import { errorMessage } from '../../lib/errors';\nimport { notifySuccess } from './notify';\nexport const x = [errorMessage, notifySuccess];\n";
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/web/src/features/tasks/own-import.ts` });
  assert.deepEqual(result!.messages, []);
});

test('components/ and lib/ may not import an area', async () => {
  const code = "import { RequireStaff } from '../features/auth/guards';\nexport const g = RequireStaff;\n";
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/web/src/lib/uses-feature.ts` });
  assert.equal(result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').length, 1);
});

test('features/ and lib/ may not import app/', async () => {
  const code = "import { NAV } from '../../app/agent/nav';\nexport const n = NAV;\n";
  const [feature] = await eslint.lintText(code, { filePath: `${root}apps/web/src/features/tasks/uses-app.ts` });
  const messages = feature!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths');
  assert.equal(messages.length, 1, JSON.stringify(feature!.messages));
  assert.match(messages[0]!.message, /nichts aus app\//);
  const [lib] = await eslint.lintText(code.replace('../../app/', '../app/'), {
    filePath: `${root}apps/web/src/lib/uses-app.ts`,
  });
  assert.equal(lib!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').length, 1);
  // app/ itself puts the areas together and may import from app/.
  const [app] = await eslint.lintText(code.replace('../../app/', './'), { filePath: `${root}apps/web/src/app/agent/uses-nav.ts` });
  assert.deepEqual(app!.messages.filter((m) => m.ruleId?.startsWith('import-x/')), []);
});

test('an import cycle fails lint', async () => {
  const [result] = await eslint.lintFiles([fixture('cycle/a.ts')]);
  assert.equal(
    result!.messages.filter((m) => m.ruleId === 'import-x/no-cycle').length,
    1,
    JSON.stringify(result!.messages),
  );
});

test('the web app itself passes the structure rules', async () => {
  const results = await eslint.lintFiles(['apps/web/src']);
  const broken = results.flatMap((r) =>
    r.messages
      .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'import-x/no-cycle')
      .map((m) => `${r.filePath}:${m.line} ${m.message}`),
  );
  assert.deepEqual(broken, []);
});
