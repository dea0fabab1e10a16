import { PLAYER_POLL_MS } from '@portal/shared';
import type { Socket } from 'socket.io-client';

/**
 * The screen's socket (the server's device namespace `/ds`, opened with the device key): a staff change
 * arrives as `playlist_changed {version}` within a second, instead of at the next poll. The poll stays
 * the fallback; the socket only says when to ask. socket.io's client is loaded when the socket opens, so
 * the player's first paint does not wait for it.
 */

/** The screens' preset: a screen never gives up reconnecting, but spaces its tries out to half a minute. */
export const DEVICE_SOCKET_OPTIONS = {
  path: '/socket.io/',
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 30_000,
  transports: ['websocket', 'polling'],
} as const;

/** The longest wait between polls while the server cannot be reached. */
export const PLAYER_POLL_MAX_MS = 5 * 60_000;

/** The wait before the next poll after `failures` failed ones in a row: 30 s, 60, 120, 240, then 5 min. */
export const pollDelay = (failures: number) =>
  Math.min(PLAYER_POLL_MS * 2 ** Math.max(0, failures), PLAYER_POLL_MAX_MS);

export interface DevicePush {
  /** Opens the socket for this key (again, when the key changed: the old key's room hears nothing). */
  use(key: string): void;
  close(): void;
}

/**
 * `onChange(version)` when the server says the device's playlist changed; `onConnect()` on every
 * (re)connection, since what changed while the socket was down was said to no one.
 */
export function devicePush(on: { onChange: (version: string) => void; onConnect: () => void }): DevicePush {
  let socket: Socket | null = null;
  let currentKey: string | null = null;
  let closed = false;
  const drop = () => {
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = null;
  };
  return {
    use(key) {
      if (closed || key === currentKey) return;
      currentKey = key;
      drop();
      void import('socket.io-client').then(({ io }) => {
        if (closed || key !== currentKey) return;
        const s = io(`${window.location.origin}/ds`, {
          ...DEVICE_SOCKET_OPTIONS,
          transports: [...DEVICE_SOCKET_OPTIONS.transports],
          auth: { key },
        });
        s.on('connect', on.onConnect);
        s.on('playlist_changed', (e: { version?: unknown }) => {
          if (typeof e?.version === 'string') on.onChange(e.version);
        });
        // A refused key: the poll finds out too and registers anew, which brings a new key here.
        s.on('connect_error', (err) => {
          if (err.message !== 'unauthorized') return;
          s.disconnect();
          if (currentKey === key) currentKey = null;
        });
        socket = s;
      });
    },
    close() {
      closed = true;
      drop();
    },
  };
}
