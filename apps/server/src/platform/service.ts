import type { Config } from '../config.js';
import type { DbOrTx } from '../db/client.js';
import type { SessionUser } from './auth.js';

/**
 * The one shape of a service function, in every module:
 *
 *   fn(ctx: ServiceCtx, viewer: Viewer, input: Input): Promise<Output>
 *   fn(ctx: ServiceCtx, input: Input): Promise<Output>          (public calls, no signed-in caller)
 *
 * `ctx` carries what the call works with (the database or the caller's transaction, the config, and
 * what the module needs besides from `AppContext`, which itself is a ServiceCtx, so a route passes
 * its `ctx` on); `viewer` is the signed-in caller whose rights the function checks; `input` one object
 * of named fields. No positional lists, no per-request dependency bags, no closure factories.
 */

/** A transaction is usable wherever the database is: a service can run inside the caller's. */
export type { DbOrTx } from '../db/client.js';

export interface ServiceCtx {
  db: DbOrTx;
  config: Config;
  /**
   * The clock a service reads "now" from (tests and benchmarks set it); a service asks `now(ctx)`,
   * never takes "now" as an argument of its own.
   */
  clock?: () => Date;
}

/** The current time as the context's clock tells it (the system's unless a test set one). */
export const now = (ctx: { clock?: () => Date }): Date => ctx.clock?.() ?? new Date();

/** The signed-in caller. */
export type Viewer = SessionUser;
