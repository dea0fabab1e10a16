import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Flag, Role } from '@portal/shared';
import type { Db } from '../src/db/client.js';
import { addUser, bearer, login } from './helpers.js';

export type CashbookUser = Awaited<ReturnType<typeof addUser>> & { token: string };

/** A user with a session, by default an agent with the cashbook flag in Austria. */
export async function cashbookUser(
  app: FastifyInstance,
  db: Db,
  input: { role?: Role; flags?: Flag[]; country?: number; name?: string } = {},
): Promise<CashbookUser> {
  const u = await addUser(db, { role: 'agent', flags: ['cashbook'], ...input });
  return { ...u, token: await login(app, u.email, u.password) };
}

/** Calls of the cashbook API as one user. */
export function cashbookApi(app: FastifyInstance) {
  return {
    get: (u: CashbookUser, url: string) => app.inject({ method: 'GET', url, headers: bearer(u.token) }),
    post: (u: CashbookUser, url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: bearer(u.token), payload }),
    put: (u: CashbookUser, url: string, payload: object) =>
      app.inject({ method: 'PUT', url, headers: bearer(u.token), payload }),
  };
}

/** A date in a past month (Vienna): `monthsBack` months before the current one, on `day` at noon UTC. */
export function pastDate(monthsBack: number, day = 15, now = new Date()): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, day, 12, 0, 0));
  return d;
}

/**
 * The text a PDF shows, roughly: its content streams inflated, the strings of its text operators
 * decoded (pdfkit writes them as hex in WinAnsi encoding). Enough to find words and amounts.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = Buffer.from(raw.slice(start, end), 'latin1');
    let content: string;
    try {
      content = zlib.inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const s of content.matchAll(/<([0-9a-fA-F]+)>/g)) out.push(Buffer.from(s[1]!, 'hex').toString('latin1'));
    out.push('\n');
  }
  return out.join('');
}
