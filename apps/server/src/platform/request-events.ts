import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * What a request caused that must leave the process only after its transaction committed:
 * notifications to push over the sockets and mails to deliver. Collected while the request runs,
 * released in onResponse when the answer was a success (a failed request committed nothing).
 */
export interface RequestEvents {
  notifications: NotificationRow[];
  mailIds: number[];
  /** Tasks that moved or changed, with who may see them: their boards refresh (socket `task_changed`). */
  taskChanges: TaskChange[];
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

const storage = new AsyncLocalStorage<RequestEvents>();

/** The events of the current request, or undefined outside a request (jobs deliver themselves). */
export function currentRequestEvents(): RequestEvents | undefined {
  return storage.getStore();
}

export function registerRequestEvents(
  app: FastifyInstance,
  release: (events: RequestEvents) => void,
): void {
  app.addHook('onRequest', (req, _reply, done) => {
    const events: RequestEvents = { notifications: [], mailIds: [], taskChanges: [] };
    (req as unknown as { events: RequestEvents }).events = events;
    // Running the rest of the lifecycle inside the store is how the service layer finds it.
    storage.run(events, done);
  });
  app.addHook('onResponse', async (req, reply) => {
    const events = (req as unknown as { events?: RequestEvents }).events;
    if (!events || reply.statusCode >= 400) return;
    if (events.notifications.length || events.mailIds.length || events.taskChanges.length) release(events);
  });
}
