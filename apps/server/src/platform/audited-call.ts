import type { Call } from '@portal/shared/contracts';
import type { DbOrTx } from '../db/client.js';
import type { SessionUser } from './auth.js';
import { appendAudit, auditSubjectReader, inputChanges, rowChanges } from './audit.js';
import { now } from './service.js';
import { HttpError } from './errors.js';
import { Reply } from './reply.js';

/**
 * Whether a call is written to the audit trail for this caller: every write of a staff member (and
 * the reads and writes whose declaration says so: a key reveal, a customer's password change).
 */
export function isAudited(call: Call, viewer: unknown): viewer is SessionUser {
  const user = viewer as SessionUser | null;
  if (call.access.kind !== 'session' || !user) return false;
  if (call.method === 'GET' && !call.audit?.read) return false;
  return user.role !== 'customer' || call.audit?.anyRole === true;
}

type Ctx = { db: DbOrTx; clock?: () => Date; request: { ip: string } };

const asId = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** A field of the answer by its dotted path (`schedule.id`). */
const fieldOf = (v: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), v);

/**
 * Runs an audited call in one transaction with its audit row: the subject's row is read before and
 * after the service (in that transaction, so nothing else slips between), the difference and the
 * call's other input fields become `changes`, and the row is appended last. A call that fails
 * rolls back and leaves no row: nothing changed; one declared `keepRefused` commits its count and
 * a row naming the refusal, then answers the refusal.
 */
export async function auditedCall<C extends Ctx, R>(
  ctx: C,
  call: Call,
  viewer: SessionUser,
  input: Record<string, unknown>,
  run: (ctx: C) => Promise<R> | R,
): Promise<R> {
  let refused: HttpError | null = null;
  const answer = await ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const spec = call.audit;
    const kind = spec?.subject ?? null;
    const reader = kind ? auditSubjectReader(kind) : undefined;
    let id = spec?.id === 'viewer' ? viewer.id : spec?.id ? asId(input[spec.id]) : null;
    const before = reader && id ? await reader.read(tx, id) : null;
    let result: R | undefined;
    try {
      result = await run(inTx);
    } catch (e) {
      if (!spec?.keepRefused || !(e instanceof HttpError) || e.statusCode >= 500) throw e;
      refused = e;
    }
    const status = refused ? refused.statusCode : result instanceof Reply ? result.status : 200;
    if (kind && !spec?.id && result !== undefined) id = asId(fieldOf(result, spec?.answer ?? 'id'));
    const after = reader && id ? await reader.read(tx, id) : null;
    const row = after ?? before;
    const skip = new Set([...Object.keys(row ?? {}), ...(spec?.id ? [spec.id] : [])]);
    await appendAudit(
      tx,
      {
        actor_id: viewer.id,
        actor_role: viewer.role,
        ip: ctx.request.ip,
        action: call.name,
        subject_kind: kind,
        subject_id: id,
        customer_id: kind === 'customer' ? id : asId(row?.customer_id),
        country_id: asId(row?.country_id) ?? viewer.country_id ?? null,
        changes: {
          ...inputChanges(input, skip),
          ...rowChanges(before, after),
          // A refusal that still counted (a wrong code): the row says so.
          ...(status >= 400 && { refused: [null, refused?.entry.code ?? status] as [null, unknown] }),
        },
      },
      now(ctx),
    );
    return result;
  });
  if (refused) throw refused;
  return answer as R;
}
