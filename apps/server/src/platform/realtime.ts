import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
import { findSession } from './auth.js';
import type { NotificationRow, TaskChange } from './unit-of-work.js';

export const userRoom = (userId: number) => `user:${userId}`;
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;

/**
 * socket.io on the API's HTTP server. The handshake carries the token in `auth.token` (and `token`
 * with `userId` in the query, as the spec's client sends them); a socket joins its user's room and its
 * session's room. With REDIS_URL the Redis adapter carries events between processes.
 */
/** How often each process checks its sockets' sessions (catches sessions ended where no hub runs, e.g. the CLI). */
const SWEEP_MS = 60_000;
/** setTimeout's ceiling (about 24.8 days); a longer session is checked by the sweep instead. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The namespace of the signage screens: no user, the device key in `auth.key`. */
export const DEVICE_NAMESPACE = '/ds';

/**
 * What the screens' namespace needs of the area that owns the devices (registered in app.ts): the key
 * check and, after a change, each device's playlist version now.
 */
export interface DeviceChannel {
  /** The room of the device this key belongs to, or null (an unknown key: refused). */
  roomOfKey(key: string): Promise<string | null>;
  /** Each device's room with its playlist version now: a fixed number of queries for any number of devices. */
  versions(deviceIds: number[]): Promise<{ room: string; version: string }[]>;
}

/** What a user missed (an area registers it: the notifications), as the socket sends it. */
export interface MissedNotifications {
  /** Since the id the reconnecting client says it last saw, and everything created since `recentSince`; at most `limit`. */
  afterId(db: Db, userId: number, lastId: number, limit: number, recentSince?: Date): Promise<unknown[]>;
  /** Of these users, everything created since a moment: after an outage of Redis, per user. */
  since(db: Db, userIds: number[], since: Date): Promise<Map<number, unknown[]>>;
}

/**
 * Notifications created this long before Redis was seen gone are replayed too: their publish may have
 * been on its way when the connection broke.
 */
const OUTAGE_MARGIN_MS = 5_000;
/** How long a starting process waits for Redis before it serves without it (connecting on meanwhile). */
const REDIS_START_WAIT_MS = 3_000;
/** A reconnect's replay repeats the notifications of this long ago (a transaction's statements end within 10 s). */
const RECONNECT_MARGIN_MS = 10_000;
/** What one replay hands a socket at most (the area caps it too). */
const REPLAY_LIMIT = 1000;

export class RealtimeHub {
  private io: Server | null = null;
  private closers: (() => Promise<unknown>)[] = [];
  private sweeper: NodeJS.Timeout | undefined;
  private missed: MissedNotifications | undefined;
  private devices: DeviceChannel | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The area that keeps the notifications tells the hub how to find what a reconnecting client missed (app.ts). */
  onReconnect(missed: MissedNotifications): void {
    this.missed = missed;
  }

  /** The area that keeps the signage devices opens their namespace (app.ts). */
  onDevices(channel: DeviceChannel): void {
    this.devices = channel;
  }

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
      this.watchRedis(pub, 'publisher');
      // The adapter publishes without waiting for the answer; a publish that Redis's going away rejects
      // must not end the process as an unhandled rejection (the replay above covers what it carried).
      const publish = pub.publish.bind(pub);
      (pub as { publish: typeof publish }).publish = ((...args: Parameters<typeof publish>) => {
        const sent = publish(...args);
        sent.catch(() => undefined);
        return sent;
      }) as typeof publish;
      // Events published while the subscriber was away are gone for this process's sockets (Redis keeps
      // no pub/sub history): once it is back, they get what their users were sent meanwhile.
      this.watchRedis(
        sub,
        'subscriber',
        (downSince) => void this.replayAfterOutage(new Date(downSince - OUTAGE_MARGIN_MS)),
      );
      // node-redis retries the first connection as it retries later ones, and queues commands meanwhile
      // (the adapter's subscriptions among them). A process started while Redis is away waits a moment,
      // then serves its requests and sockets and joins the others once Redis answers (the replay above).
      const connecting = Promise.all([pub.connect(), sub.connect()]);
      connecting.catch((err: unknown) => this.log.error({ err }, 'redis connection given up'));
      const connected = await Promise.race([
        connecting.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), REDIS_START_WAIT_MS).unref()),
      ]);
      if (!connected) this.log.warn('redis not reachable at start: serving on, connecting in the background');
      io.adapter(createAdapter(pub, sub));
      // Connected: after what is still queued has gone out. Away: at once (a quit would wait for Redis).
      const end = async (c: typeof pub) => (c.isReady ? c.close() : c.destroy());
      this.closers.push(
        () => end(pub),
        () => end(sub),
      );
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
    if (this.devices) this.attachDevices(io, this.devices);
    this.io = io;
    this.sweeper = setInterval(() => {
      this.sweep().catch((err: unknown) => this.log.error({ err }, 'socket session sweep failed'));
    }, SWEEP_MS);
    this.sweeper.unref();
  }

  /**
   * One line when a Redis connection is lost and one when it is back (node-redis retries on its own, and
   * each failed try would otherwise be an error line); `back` learns when the outage began.
   */
  private watchRedis(
    client: { on(event: 'error', fn: (err: Error) => void): unknown; on(event: 'ready', fn: () => void): unknown },
    role: string,
    back?: (downSince: number) => void,
  ) {
    let downSince: number | undefined;
    client.on('error', (err) => {
      if (downSince !== undefined) return;
      downSince = Date.now();
      this.log.error({ err }, `redis ${role} lost: retrying`);
    });
    client.on('ready', () => {
      if (downSince === undefined) return;
      const since = downSince;
      downSince = undefined;
      this.log.warn({ seconds: (Date.now() - since) / 1000 }, `redis ${role} back`);
      back?.(since);
    });
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
    socket.data.expiresAt = found.user.session_expires_at.getTime();
    return true;
  }

  private async onConnection(socket: Socket) {
    const userId = socket.data.userId as number;
    await socket.join([userRoom(userId), sessionRoom(socket.data.sessionId as number)]);
    // The socket lives no longer than its session.
    const expiry = setTimeout(
      () => socket.disconnect(true),
      Math.min(MAX_TIMER_MS, Math.max(0, (socket.data.expiresAt as number) - Date.now())),
    );
    expiry.unref();
    socket.once('disconnect', () => clearTimeout(expiry));
    socket.on('ping', () => socket.emit('pong', { time: Date.now() }));
    // After a reconnect the client says what it last saw; it gets what it missed.
    const last = Number(
      (socket.handshake.auth as { lastNotificationId?: unknown })?.lastNotificationId ??
        socket.handshake.query.lastNotificationId,
    );
    if (Number.isInteger(last) && last >= 0 && this.missed) {
      // Ids are taken at insert but committed in any order: a client that saw 10 live may have missed 9,
      // committed a moment later while it reconnected. The last seconds come again; the client drops repeats.
      const recent = new Date(Date.now() - RECONNECT_MARGIN_MS);
      const missed = await this.missed.afterId(this.db, userId, last, REPLAY_LIMIT, recent);
      if (missed.length) socket.emit('missed_notifications', missed);
    }
  }

  /**
   * After Redis was away: each socket on this process hears `resync` (its boards fetch again) and gets
   * its user's notifications since the outage began as `missed_notifications` (what a reconnect gets;
   * the client drops the ones it has). Never
   * throws: the bell's next fetch is the fallback.
   */
  private async replayAfterOutage(since: Date): Promise<void> {
    if (!this.io || !this.missed) return;
    // Boards missed the task changes meanwhile too; they carry no history to replay: they fetch again.
    this.io.local.emit('resync');
    try {
      const local = [...this.io.of('/').sockets.values()];
      const userIds = [...new Set(local.map((s) => s.data.userId as number))];
      const byUser = await this.missed.since(this.db, userIds, since);
      for (const s of local) {
        const rows = byUser.get(s.data.userId as number);
        if (rows?.length) s.emit('missed_notifications', rows);
      }
      this.log.warn({ sockets: local.length, since }, 'redis back: replayed notifications to this process’s sockets');
    } catch (err) {
      this.log.error({ err }, 'notification replay after redis outage failed');
    }
  }

  /**
   * Sends committed notification rows to their users' sockets, on every process (Redis adapter).
   * Never throws: delivery is best effort, the rows are in the database for the next fetch.
   */
  async push(rows: NotificationRow[]): Promise<void> {
    if (!this.io || rows.length === 0) return;
    try {
      const rooms = await this.liveSessionRooms(rows.map((r) => r.user_id));
      for (const row of rows) {
        const to = rooms.get(row.user_id);
        if (to?.length) this.io.to(to).emit('notification', serialise(row));
      }
    } catch (err) {
      this.log.error({ err }, 'notification push failed');
    }
  }

  /**
   * The rooms of the users' sessions that are valid now. Emits go to these, never to a user's room:
   * a session that was revoked or has expired is left out even while its socket is still connected
   * (on another process, or ended by the command line, until the sweep or the expiry timer closes it).
   */
  private async liveSessionRooms(userIds: number[]): Promise<Map<number, string[]>> {
    const rows = await this.db
      .select({ id: sessions.id, user_id: sessions.user_id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .where(
        and(
          inArray(sessions.user_id, [...new Set(userIds)]),
          isNull(sessions.revoked_at),
          gt(sessions.expires_at, new Date()),
          eq(users.active, true),
        ),
      );
    const rooms = new Map<number, string[]>();
    for (const r of rows) rooms.set(r.user_id, [...(rooms.get(r.user_id) ?? []), sessionRoom(r.id)]);
    return rooms;
  }

  /** Tells everyone who may see a changed task (`task_changed`), on every process: their boards refetch. */
  async pushTaskChanges(changes: TaskChange[]): Promise<void> {
    if (!this.io || changes.length === 0) return;
    try {
      const rooms = await this.liveSessionRooms(changes.flatMap((c) => c.recipients));
      for (const { task, recipients } of changes) {
        const to = recipients.flatMap((id) => rooms.get(id) ?? []);
        if (to.length) this.io.to(to).emit('task_changed', task);
      }
    } catch (err) {
      this.log.error({ err }, 'task change push failed');
    }
  }

  /**
   * The screens' namespace: a socket shows its device key in `auth.key` (checked as the playlist call
   * checks it: a known key's device, else refused) and joins its device's room, which only hears
   * `playlist_changed`. The room names the key too (the area's choice): a screen registered anew with a
   * new key leaves the old key's socket deaf.
   */
  private attachDevices(io: Server, channel: DeviceChannel) {
    const ns = io.of(DEVICE_NAMESPACE);
    ns.use((socket, next) => {
      const key = (socket.handshake.auth as { key?: unknown })?.key;
      if (typeof key !== 'string' || !key) return next(new Error('unauthorized'));
      channel.roomOfKey(key).then(
        (room) => {
          if (!room) return next(new Error('unauthorized'));
          socket.data.room = room;
          next();
        },
        (err: unknown) => {
          this.log.warn({ err }, 'device socket handshake failed');
          next(new Error('unauthorized'));
        },
      );
    });
    ns.on('connection', (socket) => void socket.join(socket.data.room as string));
  }

  /**
   * Tells each device whose playlist a committed change touched its new version (`playlist_changed
   * {version}`), on every process (Redis adapter). Never throws: the screen's poll is the fallback.
   */
  async pushPlaylistChanges(deviceIds: number[]): Promise<void> {
    if (!this.io || !this.devices || deviceIds.length === 0) return;
    try {
      const ns = this.io.of(DEVICE_NAMESPACE);
      for (const { room, version } of await this.devices.versions(deviceIds))
        ns.to(room).emit('playlist_changed', { version });
    } catch (err) {
      this.log.error({ err }, 'playlist change push failed');
    }
  }

  /** Sockets connected to this process now (the metrics' gauge). */
  openSockets(): number {
    return this.io?.of('/').sockets.size ?? 0;
  }

  /** Disconnects the sockets of ended sessions (logout, password change, invitation), on every process. */
  endSessions(sessionIds: number[]): void {
    for (const id of sessionIds) this.io?.in(sessionRoom(id)).disconnectSockets(true);
  }

  /** Disconnects this process's sockets whose session is no longer valid. */
  async sweep(): Promise<void> {
    if (!this.io) return;
    const local = [...this.io.of('/').sockets.values()];
    const ids = [...new Set(local.map((s) => s.data.sessionId as number))];
    if (ids.length === 0) return;
    const live = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .where(
        and(
          inArray(sessions.id, ids),
          isNull(sessions.revoked_at),
          gt(sessions.expires_at, new Date()),
          eq(users.active, true),
        ),
      );
    const liveIds = new Set(live.map((r) => r.id));
    for (const s of local) if (!liveIds.has(s.data.sessionId as number)) s.disconnect(true);
  }

  /**
   * Closes this process's sockets (their clients reconnect elsewhere). The Redis connections stay: a
   * request still running may commit a notification that other processes' sockets must hear of.
   */
  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await new Promise<void>((resolve) => (this.io ? this.io.close(() => resolve()) : resolve()));
  }

  /** Ends the Redis connections: after the requests have finished (shutdown's last step). */
  async closeRedis(): Promise<void> {
    await Promise.allSettled(this.closers.map((c) => c()));
  }
}

/** A notification row as a socket sends it (dates as ISO text). */
export function serialise(row: NotificationRow) {
  return { ...row, created_at: row.created_at instanceof Date ? row.created_at.toISOString() : row.created_at };
}
