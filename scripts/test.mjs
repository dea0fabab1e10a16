// `npm test`: every suite (shared, server, end-to-end) in one run of node's test runner.
// Makes sure Debian's Chromium is there (installs it with apt when root), builds the web app
// so the end-to-end tests drive the current code, then runs the test files.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

/**
 * Debian packages the tests use: Chromium for the browser tests, pdftotext to read invoice PDFs; the
 * cluster test's HAProxy, redis-server and PostgreSQL server programs (initdb, pg_ctl).
 */
const PACKAGES = {
  e2e: [
    [process.env.CHROME_PATH ?? '/usr/bin/chromium', 'chromium'],
    ['/usr/bin/pdftotext', 'poppler-utils'],
  ],
  cluster: [
    ['/usr/sbin/haproxy', 'haproxy'],
    ['/usr/bin/redis-server', 'redis-server'],
    ['/usr/lib/postgresql', 'postgresql'],
  ],
};

function ensureDebianPackages(suites) {
  const wanted = suites.flatMap((s) => PACKAGES[s]).filter(([file]) => !fs.existsSync(file));
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

// `npm test` runs every suite; `npm test -- server e2e` whole suites; `npm test -- cashbook e2e/shop.test.ts`
// the test files whose path contains one of the words (a path, a file name or a part of one).
const SUITES = {
  shared: 'packages/shared/test',
  web: 'apps/web/test',
  server: 'apps/server/test',
  e2e: 'e2e',
  cluster: 'cluster',
};
const args = process.argv.slice(2);
const all = Object.values(SUITES).flatMap(files);
const testFiles = args.length
  ? all.filter((f) => args.some((a) => (a in SUITES ? f.startsWith(SUITES[a] + path.sep) : f.includes(a))))
  : all;
if (testFiles.length === 0) {
  console.error(`Keine Testdatei passt zu: ${args.join(' ')}`);
  process.exit(1);
}

const inSuite = (suite) => (f) => f.startsWith(SUITES[suite] + path.sep);
// The cluster test runs the built server (dist/main.js) like the end-to-end tests run the built web app.
const builtSuites = ['e2e', 'cluster'].filter((suite) => testFiles.some(inSuite(suite)));
if (builtSuites.length) {
  ensureDebianPackages(builtSuites);
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
}

const run = (files, concurrency) =>
  files.length === 0
    ? 0
    : (spawnSync(
        process.execPath,
        ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files],
        { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
      ).status ?? 1);

// The cluster test (three servers, HAProxy, PostgreSQL and Redis of its own, a minute of load) runs on
// its own after the rest: beside other suites it would measure their load, and they its.
// The browser files are the long ones (20 s to 2 min each): started first, the short API and unit files
// fill the gaps around them and the run does not end on one long file with the other core idle.
const main = testFiles.filter((f) => !inSuite('cluster')(f));
const status = run([...main.filter(inSuite('e2e')), ...main.filter((f) => !inSuite('e2e')(f))], 2);
const clusterStatus = run(testFiles.filter(inSuite('cluster')), 1);
process.exit(status || clusterStatus);
