import type { Playlist } from '@portal/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  DeviceKeyRefused,
  fetchPlaylist,
  forgetIdentity,
  forgetKey,
  readIdentity,
  register,
  UuidTaken,
} from './device-api';
import { devicePush, pollDelay } from './device-socket';
import { collectReport } from './health-report';
import { loadPlaylist, mediaSource, pruneMedia, savePlaylist } from './media-cache';
import { clockOffset, filesOf } from './player-clock';

export interface PlayerState {
  /** The playlist in force (from the server, or from the cache while it cannot be reached). */
  playlist: Playlist | null;
  /** The code to show while pending (from the registration or the playlist). */
  code: string | null;
  /** What the <img>/<video> plays for each file of the playlist in force (media-cache.ts `mediaSource`), by file id. */
  media: Map<number, string>;
  online: boolean;
  /** server_time − Date.now() at the last answer (kept with the playlist): the offline clock's correction. */
  offsetMs: number;
  /** The loop tells which file is on screen (reported with the next poll). */
  showing: (fileId: number | null) => void;
}

/**
 * The screen's life: register once (key and code in localStorage), then every 30 s ask what plays
 * now, at once when the device socket says the playlist changed or is back (device-socket.ts), and
 * less often while the server cannot be reached (30 s doubling to 5 min). A new version is swapped in only once all its files are in the cache (so the loop never waits
 * on the network); when the server cannot be reached the last playlist and its files stay in force.
 */
export function usePlayer(deviceType?: string): PlayerState {
  const [state, setState] = useState<Omit<PlayerState, 'showing'>>({
    playlist: null,
    code: null,
    media: new Map(),
    online: true,
    offsetMs: 0,
  });
  const version = useRef<string | null>(null);
  const onScreen = useRef<number | null>(null);
  const urls = useRef(new Map<number, string>());
  // URLs a new version dropped: freed one version later, so the item on screen plays to its end.
  const retired = useRef<string[]>([]);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const adopt = async (p: Playlist, key: string | null, online: boolean, offsetMs: number) => {
      if (p.version === version.current) {
        setState((s) => ({ ...s, online, offsetMs, code: p.activation_code ?? s.code }));
        if (online) await savePlaylist(p, offsetMs);
        return;
      }
      const next = new Map<number, string>();
      // The files of every window of the week, so a window that opens offline has its files.
      for (const item of filesOf(p)) {
        const known = urls.current.get(item.file_id);
        next.set(item.file_id, known ?? (await mediaSource(item, key)));
      }
      if (stopped) return;
      retired.current.forEach((u) => URL.revokeObjectURL(u));
      retired.current = [...urls.current].filter(([id]) => !next.has(id)).map(([, u]) => u);
      urls.current = next;
      version.current = p.version;
      setState({ playlist: p, code: p.activation_code, media: next, online, offsetMs });
      if (online) {
        await savePlaylist(p, offsetMs);
        await pruneMedia(filesOf(p));
      }
    };

    let running = false;
    let again = false;
    const tick = async (): Promise<void> => {
      if (running) return void (again = true);
      running = true;
      clearTimeout(timer);
      try {
        await poll();
      } finally {
        running = false;
      }
      if (stopped) return;
      if (again) return void ((again = false), tick());
      timer = setTimeout(() => void tick(), nextIn);
    };
    let failures = 0;
    let nextIn = pollDelay(0);
    const push = devicePush({
      onChange: (v) => {
        if (v !== version.current) void tick();
      },
      onConnect: () => void tick(),
    });

    const poll = async () => {
      nextIn = pollDelay(0);
      let id = readIdentity();
      try {
        if (!id.key) {
          id = await register(id.uuid, deviceType);
          setState((s) => ({ ...s, code: id.code }));
        }
        const p = await fetchPlaylist(id.key!, await collectReport(version.current, onScreen.current));
        failures = 0;
        push.use(id.key!);
        await adopt(p, id.key, true, clockOffset(p.server_time));
      } catch (e) {
        if (e instanceof DeviceKeyRefused || e instanceof UuidTaken) {
          if (e instanceof UuidTaken) forgetIdentity();
          else forgetKey();
          version.current = null;
          nextIn = 1000;
          return;
        }
        // Offline or a server error: keep playing what is in force; at the first start, the cached one.
        nextIn = pollDelay(++failures);
        if (!version.current) {
          const cached = await loadPlaylist().catch(() => null);
          if (cached) await adopt(cached.playlist, id.key, false, cached.offsetMs).catch(() => {});
          else setState((s) => ({ ...s, code: id.code, online: false }));
        } else setState((s) => ({ ...s, online: false }));
      }
    };
    // The browser reports the network back: ask at once instead of at the next half minute.
    const onOnline = () => void tick();
    window.addEventListener('online', onOnline);
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
      push.close();
      window.removeEventListener('online', onOnline);
    };
  }, [deviceType]);

  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);
  const showing = useCallback((fileId: number | null) => void (onScreen.current = fileId), []);
  return { ...state, showing };
}
