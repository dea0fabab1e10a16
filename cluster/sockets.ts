/**
 * Staff browser tabs as the cluster test sees them: socket.io clients through the load balancer with the
 * web app's options (WebSocket first, reconnection 1–5 s), the last notification id in the handshake so a
 * reconnect hands over what was missed, and the web app's 10-second check that reconnects a socket that
 * gave up (a handshake refused while the database was away is not retried by socket.io itself).
 */
import { io, type Socket } from 'socket.io-client';
import type { Staff } from './load.js';

const CHECK_EVERY_MS = 10_000;

export class NotificationTab {
  readonly socket: Socket;
  /** Ids received live (`notification`) and through a replay (`missed_notifications`). */
  readonly live = new Set<number>();
  readonly replayed = new Set<number>();
  reconnects = 0;
  /** `resync`s heard: the server's Redis came back, and the tab's boards would fetch again. */
  resyncs = 0;
  private lastId: number;
  private check: NodeJS.Timeout;

  /** `from`: the notification id after which this tab counts what it should get. */
  constructor(
    url: string,
    readonly user: Staff,
    from: number,
  ) {
    this.lastId = from;
    this.socket = io(url, {
      path: '/socket.io/',
      transports: ['websocket', 'polling'],
      reconnection: true,
      reconnectionAttempts: 10,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 20_000,
      auth: { token: user.accessToken, lastNotificationId: from },
    });
    this.socket.on('notification', (n: { id: number }) => this.take([n], this.live));
    this.socket.on('missed_notifications', (list: { id: number }[]) => this.take(list, this.replayed));
    this.socket.io.on('reconnect_attempt', () => {
      this.socket.auth = { token: user.accessToken, lastNotificationId: this.lastId };
    });
    this.socket.io.on('reconnect', () => this.reconnects++);
    this.socket.on('resync', () => this.resyncs++);
    this.check = setInterval(() => {
      if (!this.socket.connected && !this.socket.active) {
        this.socket.auth = { token: user.accessToken, lastNotificationId: this.lastId };
        this.socket.connect();
      }
    }, CHECK_EVERY_MS);
  }

  async connected(): Promise<void> {
    if (this.socket.connected) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket did not connect in 20 s')), 20_000);
      this.socket.once('connect', () => (clearTimeout(timer), resolve()));
    });
  }

  get lastSeen(): number {
    return this.lastId;
  }

  received(id: number): boolean {
    return this.live.has(id) || this.replayed.has(id);
  }

  private take(list: { id: number }[], into: Set<number>) {
    for (const n of list) {
      into.add(n.id);
      this.lastId = Math.max(this.lastId, n.id);
    }
  }

  close(): void {
    clearInterval(this.check);
    this.socket.disconnect();
  }
}
