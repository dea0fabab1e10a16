import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * The one way a side effect leaves the process: services queue it on the current unit of work
 * (`afterCommit.notify/mail/taskChanged/playlistChanged/job`) while they write, and the unit releases everything
 * once, after its work committed. A request is a unit (released after a successful answer, or
 * when its client left before it: a failed request committed nothing); a scheduled job runs its body in `inUnitOfWork`.
 *
 * Why not per transaction: every write path of a request runs in one transaction that has committed
 * when the handler returns, so "the answer was a success" is "the transaction committed", and the
 * services need no transaction hooks that drizzle does not have.
 */
export interface Effects {
  /** Committed notification rows, pushed to their users' sockets. */
  notifications: NotificationRow[];
  /** Outbox rows to deliver now (the retry job delivers what fails). */
  mailIds: number[];
  /** Tasks that moved or changed, with who may see them: their boards refresh (socket `task_changed`). */
  taskChanges: TaskChange[];
  /** Signage devices whose playlist may have changed: each hears `playlist_changed {version}` on its socket. */
  playlistChanges: number[];
  /** Background work run in this process after commit, before the mails (which may attach what it wrote). */
  jobs: { name: string; payload: unknown }[];
}

export interface TaskChange {
  task: { id: number; status: string; agent_id: number | null; country_id: number };
  recipients: number[];
}

export interface NotificationRow {
  id: number;
  user_id: number;
  title: string;
  message: string;
  type: string;
  link: string | null;
  priority: string;
  task_id: number | null;
  status: string;
  created_at: Date | string;
}

/** Delivers a released unit's effects; never throws (a failure is logged, mails wait for their retry). */
export type Release = (effects: Effects) => Promise<void>;

const storage = new AsyncLocalStorage<Effects>();

const emptyEffects = (): Effects => ({
  notifications: [],
  mailIds: [],
  taskChanges: [],
  playlistChanges: [],
  jobs: [],
});
const isEmpty = (e: Effects) =>
  !e.notifications.length && !e.mailIds.length && !e.taskChanges.length && !e.playlistChanges.length && !e.jobs.length;

/**
 * Queues effects on the current unit of work. Outside one (a test calling a service directly) they
 * are dropped: mails stay in the outbox for the retry job, and `notify` also returns its rows.
 */
export const afterCommit = {
  notify(rows: readonly NotificationRow[]): void {
    storage.getStore()?.notifications.push(...rows);
  },
  mail(ids: number | readonly number[]): void {
    storage.getStore()?.mailIds.push(...(typeof ids === 'number' ? [ids] : ids));
  },
  taskChanged(change: TaskChange): void {
    storage.getStore()?.taskChanges.push(change);
  },
  /** The devices (by id) whose playlist a change touches; the same device queued twice is told once. */
  playlistChanged(deviceIds: readonly number[]): void {
    storage.getStore()?.playlistChanges.push(...deviceIds);
  },
  job(name: string, payload: unknown = null): void {
    storage.getStore()?.jobs.push({ name, payload });
  },
  /** Whether anything queued now will be released: lets a caller skip reads only an effect needs. */
  active(): boolean {
    return storage.getStore() !== undefined;
  },
};

/**
 * Runs fn as a unit of work of its own (scheduled jobs, the CLI): its effects are released after fn
 * resolved, and dropped when it throws.
 */
export async function inUnitOfWork<T>(release: Release, fn: () => Promise<T>): Promise<T> {
  const effects = emptyEffects();
  const result = await storage.run(effects, fn);
  if (!isEmpty(effects)) await release(effects);
  return result;
}

/** Releases started after an answer and not yet done (pushes, background work, mails). */
const inFlight = new Set<Promise<unknown>>();

/**
 * Resolves once every release under way has ended: a stopping process waits for it before it closes
 * Redis and the database, or a notification committed by its last requests would reach no socket.
 */
export async function releasesSettled(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

/** Every request is a unit of work: effects are released after a successful answer only. */
export function registerUnitOfWork(app: FastifyInstance, release: Release): void {
  app.addHook('onRequest', (req, _reply, done) => {
    const effects = emptyEffects();
    (req as unknown as { effects: Effects }).effects = effects;
    // Running the rest of the lifecycle inside the store is how the service layer finds it.
    storage.run(effects, done);
  });
  // Registered at onSend, when the handler has committed and the status is final. It is released once
  // the answer is out, or at once when the client is already gone: the work is committed either way,
  // and its pushes, jobs and mails must leave (onResponse never runs for an answer nobody received:
  // the cluster test lost notifications of tasks whose creator's connection broke at a process stop).
  app.addHook('onSend', async (req, reply, payload) => {
    const effects = (req as unknown as { effects?: Effects }).effects;
    if (!effects || reply.statusCode >= 400 || isEmpty(effects)) return payload;
    // Once only: an onSend that runs again (an error answer after a failed hook) finds nothing left.
    (req as unknown as { effects?: Effects }).effects = undefined;
    const res = reply.raw;
    const answered =
      res.destroyed || res.writableFinished
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            res.once('finish', resolve);
            res.once('close', resolve);
          });
    // Counted from now, so a stop that closes the listener under this answer still waits for it.
    const released: Promise<unknown> = answered.then(() => release(effects)).finally(() => inFlight.delete(released));
    inFlight.add(released);
    return payload;
  });
}

export interface ReleaseTargets {
  realtime: {
    push(rows: NotificationRow[]): Promise<unknown> | unknown;
    pushTaskChanges(changes: TaskChange[]): Promise<unknown> | unknown;
    pushPlaylistChanges(deviceIds: number[]): Promise<unknown> | unknown;
  };
  mailer: { flush(ids?: number[]): Promise<void> };
  /** Background work by name; a name without a handler is a programming error and is logged. */
  jobs?: ReadonlyMap<string, (payload: unknown) => Promise<void>>;
  log: FastifyBaseLogger;
  /** Told of each background job's end (the metrics' job counters). */
  jobRan?: (job: string, ok: boolean) => void;
}

/** The one release path: sockets, then background work in order, then the mails. */
export function createRelease(t: ReleaseTargets): Release {
  return async (effects) => {
    try {
      if (effects.notifications.length) await t.realtime.push(effects.notifications);
      if (effects.taskChanges.length) await t.realtime.pushTaskChanges(effects.taskChanges);
      if (effects.playlistChanges.length) await t.realtime.pushPlaylistChanges([...new Set(effects.playlistChanges)]);
    } catch (err) {
      t.log.error({ err }, 'socket push after commit failed');
    }
    for (const job of effects.jobs) {
      const handler = t.jobs?.get(job.name);
      if (!handler) {
        t.log.error({ job: job.name }, 'no handler for background job');
        continue;
      }
      try {
        await handler(job.payload);
        t.jobRan?.(job.name, true);
      } catch (err) {
        t.jobRan?.(job.name, false);
        t.log.error({ err, job: job.name }, 'background job after commit failed');
      }
    }
    if (effects.mailIds.length) await t.mailer.flush(effects.mailIds);
  };
}
