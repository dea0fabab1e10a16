import { PLAYER_POLL_MS, type Playlist } from '@portal/shared';
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
import { loadPlaylist, mediaBlob, pruneMedia, savePlaylist } from './media-cache';
import { collectReport } from './health-report';

export interface PlayerState {
  /** The playlist in force (from the server, or from the cache while it cannot be reached). */
  playlist: Playlist | null;
  /** The code to show while pending (from the registration or the playlist). */
  code: string | null;
  /** Blob URLs of the files of the playlist in force, by file id. */
  media: Map<number, string>;
  online: boolean;
  /** The loop tells which file is on screen (reported with the next poll). */
  showing: (fileId: number | null) => void;
}

/**
 * The screen's life: register once (key and code in localStorage), then every 30 s ask what plays
 * now. A new version is swapped in only once all its files are in the cache (so the loop never waits
 * on the network); when the server cannot be reached the last playlist and its files stay in force.
 */
export function usePlayer(deviceType?: string): PlayerState {
  const [state, setState] = useState<Omit<PlayerState, 'showing'>>({
    playlist: null,
    code: null,
    media: new Map(),
    online: true,
  });
  const version = useRef<string | null>(null);
  const onScreen = useRef<number | null>(null);
  const urls = useRef(new Map<number, string>());

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const adopt = async (p: Playlist, key: string | null, online: boolean) => {
      if (p.version === version.current) {
        setState((s) => ({ ...s, online, code: p.activation_code ?? s.code }));
        return;
      }
      const next = new Map<number, string>();
      for (const item of p.items) {
        const known = urls.current.get(item.file_id);
        next.set(item.file_id, known ?? URL.createObjectURL(await mediaBlob(item, key)));
      }
      if (stopped) return;
      for (const [id, url] of urls.current) if (!next.has(id)) URL.revokeObjectURL(url);
      urls.current = next;
      version.current = p.version;
      setState({ playlist: p, code: p.activation_code, media: next, online });
      if (online) {
        await savePlaylist(p);
        await pruneMedia(p.items);
      }
    };

    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      clearTimeout(timer);
      try {
        await poll();
      } finally {
        running = false;
      }
      if (!stopped) timer = setTimeout(() => void tick(), nextIn);
    };
    let nextIn = PLAYER_POLL_MS;

    const poll = async () => {
      nextIn = PLAYER_POLL_MS;
      let id = readIdentity();
      try {
        if (!id.key) {
          id = await register(id.uuid, deviceType);
          setState((s) => ({ ...s, code: id.code }));
        }
        const p = await fetchPlaylist(id.key!, await collectReport(version.current, onScreen.current));
        await adopt(p, id.key, true);
      } catch (e) {
        if (e instanceof DeviceKeyRefused || e instanceof UuidTaken) {
          if (e instanceof UuidTaken) forgetIdentity();
          else forgetKey();
          version.current = null;
          nextIn = 1000;
          return;
        }
        // Offline or a server error: keep playing what is in force; at the first start, the cached one.
        if (!version.current) {
          const cached = await loadPlaylist().catch(() => null);
          if (cached) await adopt(cached, id.key, false).catch(() => {});
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
      window.removeEventListener('online', onOnline);
    };
  }, [deviceType]);

  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);
  const showing = useCallback((fileId: number | null) => void (onScreen.current = fileId), []);
  return { ...state, showing };
}
