import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The first port of 4150–4159 nobody listens on. */
async function freePort(): Promise<number> {
  for (let port = 4150; port <= 4159; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 4150–4159');
}

/** Collects a stream's lines; `until` resolves with all lines so far once one matches. */
function lineReader(stream: NodeJS.ReadableStream) {
  const lines: string[] = [];
  let rest = '';
  const waiting: { re: RegExp; resolve: () => void }[] = [];
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    lines.push(...parts);
    for (const w of [...waiting]) {
      if (!lines.some((l) => w.re.test(l))) continue;
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  });
  const ended = new Promise<void>((resolve) => stream.on('end', () => resolve()));
  return {
    lines,
    ended,
    until: (re: RegExp, ms: number, what: string) =>
      new Promise<void>((resolve, reject) => {
        if (lines.some((l) => re.test(l))) return resolve();
        const timer = setTimeout(() => reject(new Error(`${what} not seen in ${ms} ms:\n${lines.join('\n')}`)), ms);
        waiting.push({
          re,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      }),
  };
}

describe('npm start, as a newcomer runs it', () => {
  let child: ChildProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
  after(() => {
    // Only if the test failed before stopping it: its own PID, nothing else.
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints a few lines: the build in brief, the demo accounts, the address; and stops on SIGTERM', async () => {
    const port = await freePort();
    // Nothing is made stale on purpose: the other suites run the same dist/main.js at the same time, and a
    // rebuild under them would break their servers. A part that is stale anyway (a developer's checkout)
    // is built here, and its lines are checked below.
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    for (const k of ['PUBLIC_URL', 'DATABASE_URL', 'REDIS_URL', 'SEED_DEMO', 'WEB_DIST', 'STORAGE_URL', 'LOG_LEVEL'])
      delete env[k];
    env.NODE_ENV = 'development';
    child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = lineReader(child.stdout!);
    const err = lineReader(child.stderr!);
    await out.until(/Portal läuft auf/, 400_000, 'the address line');

    const lines = out.lines.filter((l) => l.trim() !== '');
    // npm's two header lines, the build (at most two lines per part), the server's few entries.
    assert.ok(lines.length <= 14, `${lines.length} lines:\n${lines.join('\n')}`);
    assert.ok(!lines.some((l) => /dist(-ssr)?\/assets\/|kB │ gzip|modules transformed/.test(l)), 'no chunk listing');
    const building = lines.filter((l) => /^(Web-App|Server): /.test(l));
    for (const part of ['Web-App', 'Server'])
      if (building.some((l) => l.startsWith(`${part}: `) && l.endsWith('...')))
        assert.ok(
          building.some((l) =>
            new RegExp(`^${part}: gebaut in [\\d,]+ s: apps/\\S+/dist, \\d+ Dateien, [\\d,]+ MB$`).test(l),
          ),
          `${part}: how long the build took and what it wrote:\n${building.join('\n')}`,
        );

    // Not a terminal: the server logs JSON, the demo accounts as one entry.
    const entries = lines
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string; demoAccounts?: unknown[] });
    const demo = entries.find((e) => e.msg === 'Demo-Daten angelegt');
    assert.equal(demo?.demoAccounts?.length, 4);
    assert.deepEqual(
      entries.filter((e) => e.level >= 40),
      [],
      'no warning on a newcomer’s start',
    );
    // The address printed is PUBLIC_URL's default, and the server answers there.
    const address = `http://127.0.0.1:${port}`;
    assert.ok(
      entries.some((e) => e.msg.startsWith(`Portal läuft auf ${address} `)),
      entries.map((e) => e.msg).join('\n'),
    );
    assert.deepEqual(await (await fetch(`${address}/healthz`)).json(), { status: 'ok' });
    assert.deepEqual(
      err.lines.filter((l) => l.trim() && !/^npm (warn|notice)/i.test(l)),
      [],
      'nothing on stderr',
    );

    // `kill <npm's pid>`: npm does not pass it on; start.mjs notices and stops the server itself.
    child.kill('SIGTERM');
    await out.until(/"msg":"stopped"/, 20_000, 'the server stopping');
    await out.ended;
    await assert.rejects(fetch(`${address}/healthz`));
  });
});
