import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { notifications } from '../db/schema/index.js';
import { findSession } from './auth.js';
import type { NotificationRow } from './request-events.js';

export const userRoom = (userId: number) => `user:${userId}`;
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;

/**
 * socket.io on the API's HTTP server. The handshake carries the token in `auth.token` (and `token`
 * with `userId` in the query, as the spec's client sends them); a socket joins its user's room and its
 * session's room. With REDIS_URL the Redis adapter carries events between processes.
 */
export class RealtimeHub {
  private io: Server | null = null;
  private closers: (() => Promise<unknown>)[] = [];

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async attach(server: HttpServer, redisUrl?: string): Promise<void> {
    const io = new Server(server, {
      path: '/socket.io/',
      serveClient: false,
      // Same origin only: the web app is served by this server.
      cors: undefined,
      pingInterval: 25_000,
      pingTimeout: 20_000,
    });
    if (redisUrl) {
      const { createClient } = await import('redis');
      const { createAdapter } = await import('@socket.io/redis-adapter');
      const pub = createClient({ url: redisUrl });
      const sub = pub.duplicate();
      pub.on('error', (err) => this.log.error({ err }, 'redis publisher error'));
      sub.on('error', (err) => this.log.error({ err }, 'redis subscriber error'));
      await Promise.all([pub.connect(), sub.connect()]);
      io.adapter(createAdapter(pub, sub));
      this.closers.push(() => pub.quit(), () => sub.quit());
    }
    io.use((socket, next) => {
      void this.authenticate(socket).then(
        (ok) => next(ok ? undefined : new Error('unauthorized')),
        (err) => {
          this.log.warn({ err }, 'socket handshake failed');
          next(new Error('unauthorized'));
        },
      );
    });
    io.on('connection', (socket) => void this.onConnection(socket));
    this.io = io;
  }

  private async authenticate(socket: Socket): Promise<boolean> {
    const q = socket.handshake.query;
    const token = (socket.handshake.auth as { token?: unknown })?.token ?? q.token;
    if (typeof token !== 'string' || !token) return false;
    const found = await findSession(this.db, token);
    if (!found) return false;
    // A userId that does not belong to the token is refused, not corrected.
    if (q.userId !== undefined && String(q.userId) !== String(found.user.id)) return false;
    socket.data.userId = found.user.id;
    socket.data.sessionId = found.sessionId;
    return true;
  }

  private async onConnection(socket: Socket) {
    const userId = socket.data.userId as number;
    await socket.join([userRoom(userId), sessionRoom(socket.data.sessionId as number)]);
    socket.on('ping', () => socket.emit('pong', { time: Date.now() }));
    // After a reconnect the client says what it last saw; it gets what it missed.
    const last = Number((socket.handshake.auth as { lastNotificationId?: unknown })?.lastNotificationId ?? socket.handshake.query.lastNotificationId);
    if (Number.isInteger(last) && last >= 0) {
      const missed = await missedNotifications(this.db, userId, last);
      if (missed.length) socket.emit('missed_notifications', missed);
    }
  }

  /** Sends committed notification rows to their users' sockets, on every process (Redis adapter). */
  push(rows: NotificationRow[]): void {
    if (!this.io) return;
    for (const row of rows) this.io.to(userRoom(row.user_id)).emit('notification', serialise(row));
  }

  /** Disconnects the sockets of an ended session (logout), on every process. */
  endSession(sessionId: number): void {
    this.io?.in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.io ? this.io.close(() => resolve()) : resolve()));
    await Promise.allSettled(this.closers.map((c) => c()));
  }
}

function serialise(row: NotificationRow) {
  return { ...row, created_at: row.created_at instanceof Date ? row.created_at.toISOString() : row.created_at };
}

export async function missedNotifications(db: Db, userId: number, lastId: number) {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), gt(notifications.id, lastId)))
    .orderBy(asc(notifications.id))
    .limit(100);
  return rows.map(serialise);
}
