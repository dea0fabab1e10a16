import type { Socket } from 'socket.io-client';
import type { PortalNotification, TaskChangedEvent } from '@portal/shared';

/** Reconnection as the spec gives it: 60 s connect timeout, 10 attempts, 1 s delay growing to 5 s, websocket then polling. */
export const SOCKET_OPTIONS = {
  path: '/socket.io/',
  timeout: 60_000,
  reconnection: true,
  reconnectionAttempts: 10,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  transports: ['websocket', 'polling'],
} as const;

export interface SocketEvents {
  notification: (n: PortalNotification) => void;
  missed_notifications: (list: PortalNotification[]) => void;
  pong: (p: { time: number }) => void;
  task_changed: (e: TaskChangedEvent) => void;
  /** Task changes may have been missed (the server's Redis was away): what shows tasks fetches again. */
  resync: () => void;
}

export interface ClientEvents {
  ping: () => void;
}

export type PortalSocket = Socket<SocketEvents, ClientEvents>;

/**
 * Opens the socket for a signed-in user; never without a token. socket.io's client (about 14 KB gzipped)
 * is loaded here, when the socket is opened, not with every staff screen (docs/figures.md "Staff screens").
 */
export async function openSocket(
  user: { id: number; accessToken: string },
  lastNotificationId: number,
): Promise<PortalSocket | null> {
  if (!user.accessToken) return null;
  const { io } = await import('socket.io-client');
  return io(window.location.origin, {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    auth: { token: user.accessToken, lastNotificationId },
    query: { userId: String(user.id), token: user.accessToken },
  });
}

/**
 * Resolves once the page has settled: its load event has fired and no query of the screen has been
 * fetching for `quietMs`, then the browser is idle (at the latest after `latestMs` in all). What the first
 * screen does not need (the socket) starts then, so it takes no bandwidth or main thread from the screen's
 * own code and rows.
 */
export function whenSettled(isFetching: () => number, quietMs = 800, latestMs = 15_000): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now();
    let quietSince = started;
    const idle = (fn: () => void, timeout: number) =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout }) : setTimeout(fn, 50);
    const check = () => {
      const now = performance.now();
      if (document.readyState !== 'complete' || isFetching() > 0) quietSince = now;
      if (now - started >= latestMs || now - quietSince >= quietMs) idle(() => resolve(), 500);
      else setTimeout(check, 100);
    };
    check();
  });
}

type Listener = (n: PortalNotification) => void;
const listeners = new Set<Listener>();

/** Other screens (the task board) hear live notifications through this, without a socket of their own. */
export function onLiveNotification(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function emitLiveNotification(n: PortalNotification): void {
  for (const fn of listeners) fn(n);
}

type TaskListener = (e: TaskChangedEvent) => void;
const taskListeners = new Set<TaskListener>();

/** The task board and an open task hear `task_changed` (a task moved or changed) through this. */
export function onTaskChanged(fn: TaskListener): () => void {
  taskListeners.add(fn);
  return () => taskListeners.delete(fn);
}

export function emitTaskChanged(e: TaskChangedEvent): void {
  for (const fn of taskListeners) fn(e);
}

const resyncListeners = new Set<() => void>();

/**
 * Task changes may have been missed: the socket was away (a reconnect) or the server's Redis was
 * (`resync`). Changes are not replayed; whoever shows tasks fetches them again.
 */
export function onTasksResync(fn: () => void): () => void {
  resyncListeners.add(fn);
  return () => resyncListeners.delete(fn);
}

export function emitTasksResync(): void {
  for (const fn of resyncListeners) fn();
}
