/**
 * The cluster test's load: staff and the public working through the load balancer as the web app does.
 * Each worker loops over a mix of calls; every write carries an Idempotency-Key and a failed write
 * (no answer, or a 5xx) is sent once more with the same key after a second, as the web app's retry does.
 * Every answer is recorded with its time, so the test can tell fault windows from the rest.
 */
import { randomUUID } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** A 1×1 PNG: the file of each created task. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export type Op = 'board' | 'search' | 'createTask' | 'cashbook' | 'publicForm' | 'markRead';
export const WRITES: Op[] = ['createTask', 'cashbook', 'publicForm'];

/** The mix of a working day, in parts of 100. */
const MIX: [Op, number][] = [
  ['board', 30],
  ['search', 25],
  ['createTask', 15],
  ['cashbook', 15],
  ['markRead', 10],
  ['publicForm', 5],
];

export interface Outcome {
  op: Op;
  /** When the request was sent and answered (ms since the epoch). */
  start: number;
  end: number;
  /** HTTP status, or 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  attempt: 1 | 2;
}

/** A write as the client saw it: its token (in the stored row's text) and whether it was acknowledged. */
export interface Write {
  op: Op;
  token: string;
  acknowledged: boolean;
  retried: boolean;
}

export interface Staff {
  id: number;
  accessToken: string;
  email: string;
}

export interface LoadContext {
  url: string;
  admin: Staff;
  agents: Staff[];
  /** The cashbook category for income entries, per user id. */
  incomeCategory: Map<number, number>;
}

export async function signIn(url: string, email: string, password: string): Promise<Staff> {
  const r = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (r.status !== 200) throw new Error(`sign-in ${email}: ${r.status} ${await r.text()}`);
  const body = (await r.json()) as { id: number; accessToken: string };
  return { id: body.id, accessToken: body.accessToken, email };
}

const REQUEST_TIMEOUT_MS = 20_000;

async function send(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  try {
    const r = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await r.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: r.status, body };
  } catch {
    return { status: 0, body: null };
  }
}

const failed = (status: number) => status === 0 || status >= 500;

export class LoadGenerator {
  readonly outcomes: Outcome[] = [];
  readonly writes: Write[] = [];
  private running = false;
  private workers: Promise<void>[] = [];
  private seq = 0;

  constructor(
    private readonly ctx: LoadContext,
    private readonly runId: string,
  ) {}

  start(connections: number): void {
    this.running = true;
    for (let i = 0; i < connections; i++) this.workers.push(this.worker(i));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  private async worker(n: number) {
    while (this.running) {
      const roll = Math.random() * 100;
      let acc = 0;
      const op = MIX.find(([, w]) => (acc += w) > roll)?.[0] ?? 'board';
      await this.run(op, n);
    }
  }

  /**
   * Sends one call; it is tried a second time (a write with the same key) when the first got no answer or
   * a 5xx, as the web app does.
   */
  private async call(
    op: Op,
    path: string,
    init: () => RequestInit,
    key?: string,
  ): Promise<{ status: number; body: unknown; retried?: boolean }> {
    const attempt = async (n: 1 | 2) => {
      const base = init();
      const headers = new Headers(base.headers);
      if (key) headers.set('idempotency-key', key);
      const start = Date.now();
      const res = await send(`${this.ctx.url}${path}`, { ...base, headers });
      this.outcomes.push({ op, start, end: Date.now(), status: res.status, attempt: n });
      return res;
    };
    const first = await attempt(1);
    // A read is retried too: the web app's queries retry a failed call (lib/query-client.ts).
    if (!failed(first.status)) return first;
    await new Promise((r) => setTimeout(r, 1000));
    return { ...(await attempt(2)), retried: true };
  }

  private token(op: Op): string {
    return `${this.runId}-${op}-${++this.seq}`;
  }

  private write(op: Op, token: string, res: { status: number; retried?: boolean }) {
    this.writes.push({ op, token, acknowledged: res.status >= 200 && res.status < 300, retried: !!res.retried });
  }

  private async run(op: Op, n: number): Promise<void> {
    const { admin, agents } = this.ctx;
    const agent = agents[n % agents.length]!;
    const bearer = (s: Staff) => ({ authorization: `Bearer ${s.accessToken}` });
    switch (op) {
      case 'board': {
        const path = n % 2 ? `/api/get-tasks-from-admin/1/offen` : `/api/get-tasks-from-agent/1/offen/${agents[0]!.id}`;
        await this.call(op, path, () => ({ headers: bearer(n % 2 ? admin : agents[0]!) }));
        return;
      }
      case 'search': {
        const q = ['100', 'Gast', 'Hirsch', 'Wien', 'Café'][n % 5]!;
        await this.call(op, `/api/customers?search=${encodeURIComponent(q)}`, () => ({ headers: bearer(admin) }));
        return;
      }
      case 'createTask': {
        const token = this.token(op);
        const key = randomUUID();
        const res = await this.call(
          op,
          '/api/create-task',
          () => {
            const form = new FormData();
            form.set('titel', `Lasttest ${token}`);
            form.set('beschreibung', 'Bondrucker druckt nicht (Clustertest)');
            form.set('frist', new Date(Date.now() + 86400_000).toISOString());
            form.set('typ', '1');
            form.set('userID', String(agent.id));
            form.set('kundennummer', '10001');
            form.append('files', new Blob([PNG], { type: 'image/png' }), 'beleg.png');
            return { method: 'POST', headers: bearer(admin), body: form };
          },
          key,
        );
        this.write(op, token, res);
        return;
      }
      case 'cashbook': {
        const who = n % 2 ? admin : agents[0]!;
        const category = this.ctx.incomeCategory.get(who.id)!;
        const token = this.token(op);
        const body = JSON.stringify({
          amount: 100 + (n % 900),
          type: 'income',
          category_id: category,
          invoice_number: `RE-${token}`,
          description: `Lasttest ${token}`,
        });
        const res = await this.call(
          op,
          '/api/cashbook/transactions',
          () => ({ method: 'POST', headers: { ...bearer(who), 'content-type': 'application/json' }, body }),
          randomUUID(),
        );
        this.write(op, token, res);
        return;
      }
      case 'publicForm': {
        const challenge = await this.call(op, '/web/challenge', () => ({}));
        if (challenge.status !== 200) return;
        const solution = await solveChallenge({ challenge: challenge.body as Challenge, deriveKey });
        if (!solution) throw new Error('proof of work not solved');
        const altcha = Buffer.from(JSON.stringify({ challenge: challenge.body, solution })).toString('base64');
        const token = this.token(op);
        const year = new Date().getFullYear();
        const body = JSON.stringify({
          kundennummer: '10001',
          lokalname: `Lasttest ${token}`,
          telefonnummer: '+43 664 1234567',
          email: 'wirt@example.at',
          name: 'Maria Huber',
          firmenname: 'Huber Gastro GmbH',
          plz: '1190',
          startMonth: 1,
          startYear: year - 1,
          endMonth: 12,
          endYear: year - 1,
          agb: true,
          altcha,
          website: '',
        });
        const res = await this.call(
          op,
          '/web/deprequest',
          () => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body }),
          randomUUID(),
        );
        this.write(op, token, res);
        return;
      }
      case 'markRead': {
        const list = await this.call(op, '/api/get-notifications', () => ({ headers: bearer(agent) }));
        const unread = Array.isArray(list.body)
          ? (list.body as { id: number; status: string }[]).find((x) => x.status !== 'read')
          : undefined;
        if (unread)
          await this.call(op, `/api/mark-notification-as-read/${unread.id}`, () => ({
            method: 'PUT',
            headers: bearer(agent),
          }));
        return;
      }
    }
  }
}
