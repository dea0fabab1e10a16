import { io, type Socket } from 'socket.io-client';
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
}

/** Opens the socket for a signed-in user; never without a token. */
export interface ClientEvents {
  ping: () => void;
}

export function openSocket(
  user: { id: number; accessToken: string },
  lastNotificationId: number,
): Socket<SocketEvents, ClientEvents> | null {
  if (!user.accessToken) return null;
  return io(window.location.origin, {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    auth: { token: user.accessToken, lastNotificationId },
    query: { userId: String(user.id), token: user.accessToken },
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
