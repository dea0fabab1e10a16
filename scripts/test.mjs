// `npm test`: every suite (shared, server, end-to-end) in one run of node's test runner.
// Makes sure Debian's Chromium is there (installs it with apt when root), builds the web app
// so the end-to-end tests drive the current code, then runs the test files.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

/** Debian packages the tests use: Chromium for the browser tests, pdftotext to read invoice PDFs. */
function ensureDebianPackages() {
  const wanted = [
    [process.env.CHROME_PATH ?? '/usr/bin/chromium', 'chromium'],
    ['/usr/bin/pdftotext', 'poppler-utils'],
  ].filter(([file]) => !fs.existsSync(file));
  if (wanted.length === 0) return;
  const names = wanted.map(([, pkg]) => pkg);
  if (process.getuid?.() === 0) {
    console.log(`Fehlende Pakete: installiere ${names.join(', ')} mit apt ...`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', ...names], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return;
  }
  console.error(
    `Pakete fehlen: bitte "sudo apt-get install -y ${names.join(' ')}" ausführen (Chromium: oder CHROME_PATH setzen).`,
  );
  process.exit(1);
}

function files(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith('.test.ts') && !f.includes('node_modules'))
    .map((f) => path.join(dir, f))
    .sort();
}

const only = process.argv.slice(2);
const suites = only.length ? only : ['shared', 'web', 'server', 'e2e'];
const testFiles = [
  ...(suites.includes('shared') ? files('packages/shared/test') : []),
  ...(suites.includes('web') ? files('apps/web/test') : []),
  ...(suites.includes('server') ? files('apps/server/test') : []),
  ...(suites.includes('e2e') ? files('e2e') : []),
];

if (suites.includes('e2e')) {
  ensureDebianPackages();
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
}

const res = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...testFiles],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(res.status ?? 1);
