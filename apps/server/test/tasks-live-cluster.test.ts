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
import type { TaskChangedEvent } from '@portal/shared';

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
      if ((await fetch(`${url}/readyz`)).ok) return { url, child };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`process did not start: ${logs.join('')}`);
}

/** A board open on one process hears of a change made through another (Redis adapter). */
describe(
  'task_changed across two server processes (PostgreSQL + Redis)',
  { skip: !enabled && 'needs TEST_DATABASE_URL and TEST_REDIS_URL' },
  () => {
    const dbName = `portal_tasks_cluster_${randomBytes(5).toString('hex')}`;
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
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-tasks-cluster-'));
      const env = { DATABASE_URL: u.toString(), REDIS_URL: process.env.TEST_REDIS_URL!, DATA_DIR: dataDir };
      procs = [await startProcess(env)];
      procs.push(await startProcess(env));
    });
    after(async () => {
      socket?.disconnect();
      for (const p of procs) p.child.kill('SIGTERM');
      await Promise.all(
        procs.map((p) => new Promise((r) => (p.child.exitCode !== null ? r(null) : p.child.once('exit', r)))),
      );
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('moves a task on the admin’s board on process 2 when the agent marks it done through process 1', async () => {
      const [p1, p2] = [procs[0]!, procs[1]!];
      const signIn = async (base: string, email: string, password: string) => {
        const r = await fetch(`${base}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        assert.equal(r.status, 200);
        return (await r.json()) as { id: number; accessToken: string };
      };
      const agent = await signIn(p1.url, 'agent.at@demo.at', 'Agent!demo2026');
      const admin = await signIn(p2.url, 'admin@demo.at', 'Admin!demo2026');
      socket = connect(p2.url, {
        path: '/socket.io/',
        transports: ['websocket'],
        auth: { token: admin.accessToken },
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket!.once('connect', () => resolve());
        socket!.once('connect_error', reject);
      });
      const auth = { authorization: `Bearer ${agent.accessToken}` };
      const board = (await (
        await fetch(`${p1.url}/api/get-tasks-from-agent/1/offen/${agent.id}`, { headers: auth })
      ).json()) as { tasks: { id: number; user_id: number | null }[] };
      const task = board.tasks.find((t) => t.user_id === agent.id)!;
      const arrived = new Promise<TaskChangedEvent>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no task_changed on process 2')), 5000);
        socket!.on('task_changed', (e: TaskChangedEvent) => {
          if (e.id !== task.id) return;
          clearTimeout(timer);
          resolve(e);
        });
      });
      const done = await fetch(`${p1.url}/api/task-set-status`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ taskID: task.id, status: 'erledigt' }),
      });
      assert.equal(done.status, 200);
      assert.deepEqual(await arrived, { id: task.id, status: 'erledigt', agent_id: agent.id, country_id: 1 });
    });
  },
);
