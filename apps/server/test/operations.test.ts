// Operating the server: configuration, start and stop, logs, database timeouts and the embedded
// database's lock file.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { ENV_VARIABLES, loadConfig } from '../src/config.js';
import { DatabaseLockedError, openDatabase, processStartTicks, type Db } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { createLogger } from '../src/platform/logging.js';
import { createMailer } from '../src/platform/mail.js';
import { LocalPaymentProvider } from '../src/platform/payments/index.js';
import { RealtimeHub } from '../src/platform/realtime.js';
import { createStorage } from '../src/platform/storage/index.js';
import { createTestApp, dbTargets, freshPostgres, type TestApp } from './helpers.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// npm's own range logic (semver ships with every npm project's tree; it has no types of its own).
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};
const TEST_BANNER = 'Testzahlung – es wird kein Geld bewegt';

const configError = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (e) {
    return (e as Error).message;
  }
  assert.fail(`configuration accepted: ${JSON.stringify(env)}`);
};

describe('configuration', () => {
  it('reports a bad setting in German, naming the variable, what it expects and what it got', () => {
    assert.match(configError({ PORT: 'abc' }), /PORT: erwartet eine ganze Zahl von 0 bis 65535, erhalten: abc/);
    assert.match(configError({ PORT: '70000' }), /PORT: erwartet eine ganze Zahl von 0 bis 65535, erhalten: 70000/);
    assert.match(configError({ NODE_ENV: 'staging' }), /NODE_ENV: erwartet einen der Werte development, production, test, erhalten: staging/);
    assert.match(configError({ SEED_DEMO: 'vielleicht' }), /SEED_DEMO: erwartet true oder false, erhalten: vielleicht/);
    assert.match(configError({ UPLOAD_MAX_FILE_MB: '0' }), /UPLOAD_MAX_FILE_MB: erwartet eine Zahl über 0 bis 1024, erhalten: 0/);
    const numbers = ['PORT', 'SESSION_TTL_SECONDS', 'LOGIN_RATE_LIMIT', 'UPLOAD_MAX_FILE_MB', 'UPLOAD_MAX_FILES', 'PUBLIC_FORM_RATE_LIMIT', 'DB_CONNECT_TIMEOUT_MS', 'DB_STATEMENT_TIMEOUT_MS'];
    const all = configError({
      ...Object.fromEntries(numbers.map((n) => [n, 'abc'])),
      LOG_LEVEL: 'loud',
      PAYMENT_PROVIDER: 'paypal',
      DATABASE_URL: 'mysql://x',
      ALTCHA_HMAC_KEY: 'short',
    });
    for (const n of [...numbers, 'LOG_LEVEL', 'PAYMENT_PROVIDER', 'DATABASE_URL', 'ALTCHA_HMAC_KEY']) {
      assert.match(all, new RegExp(`^ {2}${n}: `, 'm'), n);
    }
    assert.doesNotMatch(all, /Invalid|expected|received|NaN/);
  });

  it('listens on loopback unless HOST says otherwise, and seeds demo accounts only there', () => {
    const c = loadConfig({});
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.seedDemo, true);
    assert.equal(loadConfig({ HOST: '0.0.0.0' }).seedDemo, false);
    assert.equal(loadConfig({ HOST: '::' }).seedDemo, false);
    assert.equal(loadConfig({ HOST: 'localhost' }).seedDemo, true);
    assert.equal(loadConfig({ HOST: '0.0.0.0', SEED_DEMO: 'true' }).seedDemo, true);
  });

  const seller = { SELLER_NAME: 'Kassen GmbH', SELLER_ADDRESS: 'Ring 1, 1010 Wien', SELLER_UID: 'ATU99999999' };

  it('refuses the test checkout in production unless PAYMENT_PROVIDER=local is set', () => {
    assert.match(configError({ NODE_ENV: 'production', ...seller }), /PAYMENT_PROVIDER: in Produktion erforderlich/);
    assert.equal(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'local', ...seller }).payments.provider, 'local');
    assert.equal(loadConfig({}).payments.provider, 'local');
  });

  it('refuses to start in production without the seller data for the invoices, whatever the provider', () => {
    const stripe = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    const local = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'local' };
    for (const env of [stripe, local]) {
      assert.match(configError(env), /^Ungültige Konfiguration:\n {2}SELLER_NAME, SELLER_ADDRESS, SELLER_UID: in Produktion erforderlich/);
      assert.match(configError({ ...env, SELLER_NAME: 'Kassen GmbH', SELLER_ADDRESS: 'Ring 1, 1010 Wien' }), /^ {2}SELLER_UID: in Produktion erforderlich/m);
      // Blank counts as missing: the placeholder must never reach an invoice.
      assert.match(configError({ ...env, ...seller, SELLER_NAME: ' ' }), /^ {2}SELLER_NAME: in Produktion erforderlich/m);
      const { name, address, uid } = loadConfig({ ...env, ...seller }).seller;
      assert.deepEqual({ name, address, uid }, { name: 'Kassen GmbH', address: 'Ring 1, 1010 Wien', uid: 'ATU99999999' });
    }
    // Outside production the placeholder stays, so a newcomer's server starts.
    assert.equal(loadConfig({ PAYMENT_PROVIDER: 'local' }).seller.name, 'Kassenservice Muster GmbH');
  });

  it('the README lists every variable the server reads', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'));
    const listed = new Set([...section.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((m) => m[1]));
    const missing = ENV_VARIABLES.filter((v) => !listed.has(v));
    assert.deepEqual(missing, []);
    assert.ok(ENV_VARIABLES.length >= 25);
    // The architecture page is part of the repository.
    assert.doesNotMatch(readme, /\.\.\/shared\/ARCHITECTURE\.md/);
    assert.match(readme, /\(ARCHITECTURE\.md\)/);
    assert.ok(fs.existsSync(path.join(ROOT, 'ARCHITECTURE.md')));
  });

  it('claims only Node versions that every installed dependency supports', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    assert.ok(semver.satisfies(process.version, pkg.engines.node), `this Node (${process.version}) is claimed`);
    // The oldest Node the project claims must do for every package in the tree.
    const oldest = semver.minVersion(pkg.engines.node)!.version;
    const narrower = Object.entries(lock.packages)
      .filter(([, p]) => p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(oldest, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name}@${p.version} wants node ${(p.engines as { node: string }).node}`);
    assert.deepEqual(narrower, []);
  });
});

describe('test checkout', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('pglite');
  });
  after(() => t.close());

  it('says on every screen that no money moves', async () => {
    const provider = new LocalPaymentProvider(t.db, t.config.publicUrl);
    const { id } = await provider.createCheckout({
      orderId: 1,
      mode: 'payment',
      email: 'kunde@example.at',
      currency: 'eur',
      lines: [{ name: 'Signaturkarte', unitAmount: 6900, quantity: 1 }],
      amountTotal: 6900,
      successUrl: 'http://portal.test/rksv/result?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://portal.test/rksv',
    });
    const open = await t.app.inject({ method: 'GET', url: `/web/checkout/${id}` });
    assert.equal(open.statusCode, 200);
    assert.ok(open.body.includes(TEST_BANNER), 'open checkout');
    const paid = await t.app.inject({ method: 'POST', url: `/web/checkout/${id}/pay`, payload: { method: 'card' } });
    assert.ok(paid.statusCode < 400, `pay: ${paid.statusCode}`);
    const closed = await t.app.inject({ method: 'GET', url: `/web/checkout/${id}` });
    assert.ok(closed.body.includes(TEST_BANNER), 'closed checkout');
    const unknown = await t.app.inject({ method: 'GET', url: '/web/checkout/cs_local_unknown' });
    assert.equal(unknown.statusCode, 404);
    assert.ok(unknown.body.includes(TEST_BANNER), 'unknown checkout');
  });
});

describe('logs', () => {
  it('never contain the token of an invitation link or other secrets in a query string', async () => {
    const lines: string[] = [];
    const log = createLogger('info', { write: (l: string) => lines.push(l) });
    const t = await createTestApp('pglite');
    const app = await buildApp({ config: t.config, db: t.db, mailer: createMailer(t.db, log, { from: 'x@y.at' }), realtime: t.realtime, storage: t.storage }, { loggerInstance: log, serveWebApp: false });
    try {
      await app.inject({ method: 'GET', url: '/set-password?token=SECRETINVITE123&lang=de' });
      await app.inject({ method: 'GET', url: '/api/nothing-here?access_token=SECRETAPI456' });
      await app.inject({ method: 'GET', url: '/rksv/result?session_id=cs_SECRETSESSION789' });
      // A mail printed without SMTP_URL quotes the invitation link.
      log.info({ mail: { text: 'Passwort festlegen: http://portal.test/set-password?token=SECRETMAIL000\nGruß' } }, 'mail');
      const out = lines.join('');
      assert.match(out, /set-password\?token=\[entfernt\]&lang=de/);
      assert.doesNotMatch(out, /SECRET/);
    } finally {
      await app.close();
      await t.close();
    }
  });
});

/** A TCP server that accepts connections and never says a word, like a hung database. */
async function silentListener(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

describe('a database that accepts connections and never answers', () => {
  let hung: Awaited<ReturnType<typeof silentListener>>;
  before(async () => {
    hung = await silentListener();
  });
  after(() => hung.close());

  it('makes the start fail after the connect timeout instead of hanging', async () => {
    const started = Date.now();
    await assert.rejects(openDatabase({ databaseUrl: `postgres://u@127.0.0.1:${hung.port}/x`, connectTimeoutMs: 300 }));
    assert.ok(Date.now() - started < 2000, `took ${Date.now() - started} ms`);
  });

  it('answers /readyz with 503 within a second and a call with 503 and a German message', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DB_CONNECT_TIMEOUT_MS: '1500' });
    const database = await openDatabase({
      databaseUrl: `postgres://u@127.0.0.1:${hung.port}/x`,
      connectTimeoutMs: config.dbTimeouts.connectMs,
      statementTimeoutMs: config.dbTimeouts.statementMs,
      lazy: true,
    });
    // The app starts on a working database, which then hangs: every query from then on goes to the listener.
    const working = await openDatabase({});
    await runMigrations(working);
    let current: Db = working.db;
    const db = new Proxy({} as Db, {
      get: (_t, k) => {
        const v = Reflect.get(current, k) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(current) : v;
      },
    });
    const silent = pino({ level: 'silent' });
    const app = await buildApp(
      { config, db, mailer: createMailer(db, silent, { from: 'x@y.at' }), realtime: new RealtimeHub(db, silent), storage: createStorage(config.storage) },
      { logger: false, serveWebApp: false },
    );
    await app.ready();
    current = database.db;
    try {
      let started = Date.now();
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(ready.statusCode, 503);
      assert.ok(Date.now() - started < 1000, `readyz took ${Date.now() - started} ms`);
      started = Date.now();
      const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'a@b.at', password: 'irgendeinpasswort' } });
      assert.equal(login.statusCode, 503);
      assert.equal(login.json().message, 'Der Dienst ist vorübergehend nicht erreichbar. Bitte später erneut versuchen.');
      assert.ok(Date.now() - started < 4000, `login took ${Date.now() - started} ms`);
    } finally {
      await app.close();
      await database.close();
      await working.close();
    }
  });
});

if (dbTargets().includes('postgres')) {
  describe('a statement that runs too long (postgres)', () => {
    it('is cancelled after DB_STATEMENT_TIMEOUT_MS and answered with 503', async () => {
      // A migrated database of its own: the app's start-up hooks (e.g. the shop's missing invoice PDFs)
      // query their tables, whatever the server's `test` database holds.
      const fresh = await freshPostgres();
      const migrating = await openDatabase({ databaseUrl: fresh.url });
      await runMigrations(migrating);
      await migrating.close();
      const database = await openDatabase({ databaseUrl: fresh.url, statementTimeoutMs: 300 });
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
      const silent = pino({ level: 'silent' });
      const app = await buildApp(
        { config, db: database.db, mailer: createMailer(database.db, silent, { from: 'x@y.at' }), realtime: new RealtimeHub(database.db, silent), storage: createStorage(config.storage) },
        { logger: false, serveWebApp: false },
      );
      app.get('/slow', { config: { access: 'public' } }, async () => {
        await database.db.execute('select pg_sleep(3)');
        return { ok: true };
      });
      try {
        const started = Date.now();
        const res = await app.inject({ method: 'GET', url: '/slow' });
        assert.equal(res.statusCode, 503);
        assert.ok(Date.now() - started < 2000);
      } finally {
        await app.close();
        await database.close();
        await fresh.drop();
      }
    });
  });
}

describe('lock file of the embedded database', () => {
  let other: ChildProcess;
  let dir: string;
  before(() => {
    // A live process that is not a server: what a reused PID points to after a crash and a reboot.
    other = spawn('sleep', ['60'], { stdio: 'ignore' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
  });
  after(() => {
    other.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const writeLock = (owner: object) => fs.writeFileSync(path.join(dir, 'portal.lock'), JSON.stringify(owner));

  it('is refused while the process that wrote it runs', async () => {
    writeLock({ pid: other.pid, startTicks: processStartTicks(other.pid!), holder: 'Server' });
    await assert.rejects(openDatabase({ pgliteDir: dir, warn: () => undefined }), DatabaseLockedError);
  });

  it('is taken over, with a log line, when its PID now belongs to another process', async () => {
    writeLock({ pid: other.pid, startTicks: '1', holder: 'Server', since: '2026-01-01T00:00:00.000Z' });
    const warnings: string[] = [];
    const database = await openDatabase({ pgliteDir: dir, warn: (m) => warnings.push(m) });
    try {
      assert.equal(warnings.length, 1);
      assert.match(warnings[0]!, /Veraltete Sperrdatei .* übernommen \(Server, PID \d+, seit 2026-01-01/);
      const owner = JSON.parse(fs.readFileSync(path.join(dir, 'portal.lock'), 'utf8')) as { pid: number; startTicks: string };
      assert.equal(owner.pid, process.pid);
      assert.equal(owner.startTicks, processStartTicks(process.pid));
    } finally {
      await database.close();
    }
    assert.equal(fs.existsSync(path.join(dir, 'portal.lock')), false);
  });
});

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.on('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.on('error', () => resolve(true));
  });
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/** Every process of a process group: pid and command line. */
function processGroup(pgid: number): { pid: number; cmd: string }[] {
  const found: { pid: number; cmd: string }[] = [];
  for (const p of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') {
        found.push({ pid: Number(p), cmd: fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').replaceAll('\0', ' ') });
      }
    } catch {
      /* ended meanwhile */
    }
  }
  return found;
}

const waitFor = async (what: string, ok: () => Promise<boolean> | boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) assert.fail(`${what} (after ${ms} ms)`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('npm start under a process manager', { timeout: 240_000 }, () => {
  for (const [name, command, args] of [
    ['scripts/start.mjs', process.execPath, ['scripts/start.mjs']],
    ['npm start', 'npm', ['start', '--silent']],
  ] as const) {
    it(`${name}: runs the built JavaScript and stops on SIGTERM, port free and process tree gone`, async () => {
      const port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
      const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
      const logs: string[] = [];
      const child = spawn(command, [...args], {
        cwd: ROOT,
        detached: true, // its own process group, to find every process it started
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, WEB_DIST: webDist, DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'info' },
      });
      child.stdout!.on('data', (d: Buffer) => logs.push(d.toString()));
      child.stderr!.on('data', (d: Buffer) => logs.push(d.toString()));
      const pgid = child.pid!;
      let closed = false;
      child.on('close', () => (closed = true));
      try {
        await waitFor(
          `server answers /readyz:\n${logs.join('')}`,
          async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.ok === true,
          120_000,
        );
        const tree = processGroup(pgid);
        assert.ok(tree.some((p) => p.cmd.includes('scripts/start.mjs')), JSON.stringify(tree));
        assert.ok(!tree.some((p) => /tsx/.test(p.cmd)), `no TypeScript loader: ${JSON.stringify(tree)}`);

        // A request under way when the signal comes is answered before the server exits.
        const body = JSON.stringify({ email: 'niemand@example.at', password: 'irgendein-passwort' });
        const socket = net.connect(port, '127.0.0.1');
        await new Promise((r) => socket.once('connect', r));
        const answer = new Promise<string>((resolve) => {
          let got = '';
          socket.on('data', (d: Buffer) => (got += d.toString()));
          socket.on('close', () => resolve(got));
          socket.on('error', () => resolve(got));
        });
        socket.write(`POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`);
        await new Promise((r) => setTimeout(r, 200));

        process.kill(child.pid!, 'SIGTERM');
        await new Promise((r) => setTimeout(r, 500));
        socket.write(body.slice(10));
        assert.match(await answer, /^HTTP\/1\.1 (400|401|404) /, 'the running request got its answer');
        await waitFor('port free', () => portFree(port), 5000);
        await waitFor(`process tree gone: ${JSON.stringify(processGroup(pgid))}`, () => processGroup(pgid).length === 0, 5000);
        await waitFor('output read to the end', () => closed, 5000);
        assert.match(logs.join(''), /"msg":"stopped"/);
        assert.equal(fs.existsSync(path.join(dataDir, 'portal.lock')), false, 'lock file removed');
      } finally {
        try {
          process.kill(-pgid, 'SIGKILL');
        } catch {
          /* already gone */
        }
        fs.rmSync(dataDir, { recursive: true, force: true });
        fs.rmSync(webDist, { recursive: true, force: true });
      }
    });
  }
});
