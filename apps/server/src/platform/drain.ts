/**
 * Leaving a load balancer's pool without losing a request (issue 35). On SIGTERM the process first
 * says it is draining: `/readyz` answers 503 while everything else is still served, so the balancer's
 * health check takes it out of the pool. After `drainMs` (longer than the balancer needs to notice:
 * its check interval times its fall count) the listener closes, waiting for the requests in flight,
 * and the sockets, scheduler, mailer and database close after it.
 */
export interface Drain {
  readonly draining: boolean;
  start(): void;
}

export function createDrain(): Drain {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    start() {
      draining = true;
    },
  };
}

/** What a process stops, in this order, once the balancer has taken it out. */
export interface StopSteps {
  /** Scheduled jobs: none starts while the process goes. */
  stopScheduler: () => Promise<void>;
  /** socket.io: clients are told to reconnect (to another process through the balancer). */
  closeSockets: () => Promise<void>;
  /** The HTTP listener: no new connection; resolves once every request in flight has its answer. */
  closeServer: () => Promise<void>;
  /** Mailer, storage, database. */
  closeRest: () => Promise<void>;
}

export async function drainAndStop(
  drain: Drain,
  drainMs: number,
  steps: StopSteps,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<void> {
  drain.start();
  if (drainMs > 0) await wait(drainMs);
  await steps.stopScheduler();
  await steps.closeSockets();
  await steps.closeServer();
  await steps.closeRest();
}

/**
 * Closes an HTTP listener and waits for the requests in flight. A connection kept alive after its last
 * answer would hold the close until its keep-alive timeout (72 s in Fastify), so connections are closed
 * as soon as they fall idle, not only those idle when the close began.
 */
export async function closeListener(
  close: () => Promise<void>,
  server: { closeIdleConnections(): void },
  everyMs = 50,
): Promise<void> {
  const timer = setInterval(() => server.closeIdleConnections(), everyMs);
  try {
    await close();
  } finally {
    clearInterval(timer);
  }
}
