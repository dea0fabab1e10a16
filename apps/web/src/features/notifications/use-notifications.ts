import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PortalNotification } from '@portal/shared';
import {
  emitLiveNotification,
  emitTaskChanged,
  emitTasksResync,
  openSocket,
  whenSettled,
  type PortalSocket,
} from '../../lib/socket';
import { getMissedNotifications } from './api/get-missed-notifications';
import { getNotifications } from './api/get-notifications';
import { markNotificationAsRead } from './api/mark-notification-as-read';
import { FULL_LOAD_CAP, LIVE_CAP, mergeNotifications, noteRead, playChime, unreadCount } from './notification-store';

const CHECK_EVERY_MS = 10_000;
const MISSED_RETRIES = 3;

/**
 * The signed-in user's notifications: the full load (latest 100), live ones from the socket, and
 * what was missed during an outage (fetched after a reconnect, up to 3 tries). Errors are only logged.
 * The socket opens once the screen has settled (`whenSettled`): its handshake names the last notification
 * seen, so what came meanwhile arrives as `missed_notifications`.
 */
export function useNotifications(user: { id: number; accessToken: string } | null, soundEnabled: boolean) {
  const [list, setList] = useState<PortalNotification[]>([]);
  const [connected, setConnected] = useState(false);
  const loaded = useRef(false);
  const lastId = useRef(0);
  const sound = useRef(soundEnabled);
  sound.current = soundEnabled;
  const queryClient = useQueryClient();

  const known = useRef(new Set<number>());

  const take = useCallback((arrived: PortalNotification[], live: boolean) => {
    // A replay (after a reconnect or a Redis outage) repeats what may have come live already: no second toast.
    const incoming = arrived.filter((n) => !known.current.has(n.id));
    if (incoming.length === 0) return;
    for (const n of incoming) {
      known.current.add(n.id);
      lastId.current = Math.max(lastId.current, n.id);
    }
    setList((cur) => mergeNotifications(cur, incoming, live ? LIVE_CAP : FULL_LOAD_CAP));
    if (live) {
      incoming.forEach(emitLiveNotification);
      // Only after the first load: the initial list is history, not news.
      if (loaded.current && sound.current) playChime();
    }
  }, []);

  useEffect(() => {
    if (!user?.accessToken) return;
    let cancelled = false;
    let socket: PortalSocket | null = null;
    let hadOutage = false;

    const fetchMissed = async () => {
      for (let attempt = 1; attempt <= MISSED_RETRIES; attempt++) {
        try {
          const missed = await getMissedNotifications(lastId.current);
          if (!cancelled) take(missed, true);
          return;
        } catch (e) {
          console.warn('missed notifications', attempt, e);
          await new Promise((r) => setTimeout(r, 1000 * attempt));
        }
      }
    };

    // The list, then the socket. A failure of either (a server restarting, the socket's module not
    // loading on a bad connection) is tried again by the 10-second check below, not left for a reload.
    let listed = false;
    let starting = false;
    let tries = 0;
    const start = async () => {
      if (starting || socket || cancelled) return;
      starting = true;
      tries++;
      try {
        if (!listed) {
          const all = await getNotifications();
          if (cancelled) return;
          take(all, false);
          listed = true;
          loaded.current = true;
          await whenSettled(() => queryClient.isFetching());
          if (cancelled) return;
        }
        const opened = await openSocket(user, lastId.current);
        if (!opened) return;
        if (cancelled) {
          opened.disconnect();
          return;
        }
        socket = opened;
        wire(opened);
        // A later try: what boards show may have changed while there was no socket.
        if (tries > 1) emitTasksResync();
      } catch (e) {
        console.warn('notifications', e);
      } finally {
        starting = false;
      }
    };

    const wire = (s: PortalSocket) => {
      s.on('connect', () => {
        setConnected(true);
        if (hadOutage) {
          void fetchMissed();
          emitTasksResync();
        }
        hadOutage = false;
      });
      s.on('disconnect', () => {
        setConnected(false);
        hadOutage = true;
      });
      s.on('connect_error', (e) => console.warn('socket', e.message));
      s.on('notification', (n) => take([n], true));
      s.on('missed_notifications', (missed) => take(missed, true));
      // Boards share this socket: a task changed by someone else refreshes them.
      s.on('task_changed', emitTaskChanged);
      s.on('resync', emitTasksResync);
      // The server hands out what was missed when the handshake says what was last seen.
      s.io.on('reconnect_attempt', () => {
        s.auth = { ...(s.auth as object), lastNotificationId: lastId.current };
      });
    };
    void start();

    // The spec's 10-second check: reconnect a socket that gave up, keep a live one warm.
    const check = window.setInterval(() => {
      if (!socket) {
        void start();
        return;
      }
      if (!socket.connected && !socket.active) socket.connect();
      else if (socket.connected) socket.emit('ping');
    }, CHECK_EVERY_MS);

    return () => {
      cancelled = true;
      window.clearInterval(check);
      socket?.disconnect();
    };
  }, [user, take, queryClient]);

  const markRead = useCallback(async (id: number) => {
    noteRead(id);
    setList((cur) => cur.map((n) => (n.id === id ? { ...n, status: 'read' } : n)));
    try {
      await markNotificationAsRead(id);
    } catch (e) {
      console.warn('mark read', e);
    }
  }, []);

  return { list, unread: unreadCount(list), connected, markRead };
}
