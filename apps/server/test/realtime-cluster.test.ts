import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const enabled = !!process.env.TEST_REDIS_URL && !!process.env.TEST_DATABASE_URL;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function startProcess(env: Record<string, string>) {
  const port = await freePort();
  const logs: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test', SEED_DEMO: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => logs.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => logs.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`process exited: ${logs.join('')}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child, logs };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`process did not start: ${logs.join('')}`);
}

describe('two server processes behind one address (PostgreSQL + Redis)', { skip: !enabled && 'needs TEST_DATABASE_URL and TEST_REDIS_URL' }, () => {
  const dbName = `portal_cluster_${randomBytes(5).toString('hex')}`;
  let procs: { url: string; child: ChildProcess }[] = [];
  let dataDir: string;
  let socket: Socket | undefined;
  before(async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${dbName}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
    const env = { DATABASE_URL: u.toString(), REDIS_URL: process.env.TEST_REDIS_URL!, DATA_DIR: dataDir };
    // Both start at once: migrations and the demo seed must serialise on their advisory locks.
    procs = await Promise.all([startProcess(env), startProcess(env)]);
  });
  after(async () => {
    socket?.disconnect();
    for (const p of procs) p.child.kill('SIGTERM');
    await Promise.all(procs.map((p) => new Promise((r) => (p.child.exitCode !== null ? r(null) : p.child.once('exit', r)))));
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers a notification caused through process 1 to a socket on process 2', async () => {
    const p1 = procs[0]!;
    const p2 = procs[1]!;
    const signIn = async (base: string, email: string, password: string) => {
      const r = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      assert.equal(r.status, 200);
      return (await r.json()) as { id: number; accessToken: string };
    };
    const admin = await signIn(p1.url, 'admin@demo.at', 'Admin!demo2026');
    const agent = await signIn(p2.url, 'agent.at@demo.at', 'Agent!demo2026');
    socket = connect(p2.url, {
      path: '/socket.io/',
      transports: ['websocket'],
      auth: { token: agent.accessToken },
      query: { userId: String(agent.id), token: agent.accessToken },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
    const arrived = new Promise<{ type: string; task_id: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no notification on process 2')), 5000);
      socket!.once('notification', (n) => {
        clearTimeout(timer);
        resolve(n);
      });
    });
    // A seeded open task of the agent; the admin adds a note through process 1.
    const board = (await (await fetch(`${p1.url}/api/get-tasks-from-admin/1/offen?agentId=${agent.id}`, { headers: { authorization: `Bearer ${admin.accessToken}` } })).json()) as { tasks: { id: number }[] };
    const taskId = board.tasks[0]!.id;
    const note = await fetch(`${p1.url}/api/task-add-note`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ taskID: taskId, notiz: 'Über Prozess 1' }),
    });
    assert.equal(note.status, 200);
    const n = await arrived;
    assert.equal(n.type, 'note_added');
    assert.equal(n.task_id, taskId);
  });

  it('disconnects a socket on process 2 when its session ends through process 1', async () => {
    const [p1, p2] = [procs[0]!, procs[1]!];
    // The customer's account, so that the other tests' demo sign-ins keep their passwords.
    const signIn = async (base: string) => {
      const r = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'kunde@demo.at', password: 'Kunde!demo2026' }) });
      assert.equal(r.status, 200);
      return (await r.json()) as { id: number; accessToken: string };
    };
    const keep = await signIn(p1.url);
    const other = await signIn(p2.url);
    const s = connect(p2.url, { path: '/socket.io/', transports: ['websocket'], auth: { token: other.accessToken }, reconnection: false, forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      const gone = new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the socket on process 2 stayed connected')), 5000);
        s.once('disconnect', (reason) => {
          clearTimeout(timer);
          resolve(reason);
        });
      });
      const res = await fetch(`${p1.url}/auth/change-password`, {
        method: 'POST',
        headers: { authorization: `Bearer ${keep.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ oldPassword: 'Kunde!demo2026', newPassword: 'Kunde!demo2027' }),
      });
      assert.equal(res.status, 200);
      assert.equal(await gone, 'io server disconnect');
    } finally {
      s.disconnect();
    }
  });
});
