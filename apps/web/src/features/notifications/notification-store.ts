import type { PortalNotification } from '@portal/shared';

/** The spec's caps: 100 on a full load, 50 once live updates come in. */
export const FULL_LOAD_CAP = 100;
export const LIVE_CAP = 50;

/*
 * Ids read on this page. Reading is never undone, so a read seen here wins over an older answer: a full
 * load that the server served before it stored the read (the bell mounts again when a link leaves the
 * agent area, while the mark-read call is still on its way) must not bring the badge back up.
 */
const readHere = new Set<number>();

/** Notes a notification read on this page (before the server has stored it). */
export function noteRead(id: number): void {
  readHere.add(id);
}

/** Newest first, each id once; the incoming copy wins, except that a notification read stays read. */
export function mergeNotifications(
  current: PortalNotification[],
  incoming: PortalNotification[],
  cap: number,
): PortalNotification[] {
  const byId = new Map<number, PortalNotification>();
  for (const n of [...incoming, ...current]) {
    const seen = byId.get(n.id);
    if (!seen) byId.set(n.id, readHere.has(n.id) ? { ...n, status: 'read' } : n);
    else if (n.status === 'read' && seen.status !== 'read') byId.set(n.id, { ...seen, status: 'read' });
  }
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, cap);
}

/** Unread count, never below 0. */
export function unreadCount(list: PortalNotification[]): number {
  return Math.max(0, list.filter((n) => n.status !== 'read').length);
}

/** A short two-tone chime from the Web Audio API (no sound file to fetch). */
export function playChime(): void {
  try {
    const Ctx =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const gain = ctx.createGain();
    gain.gain.value = 0.05;
    gain.connect(ctx.destination);
    [880, 1320].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      osc.frequency.value = freq;
      osc.connect(gain);
      osc.start(ctx.currentTime + i * 0.12);
      osc.stop(ctx.currentTime + i * 0.12 + 0.1);
    });
    setTimeout(() => void ctx.close(), 500);
  } catch {
    /* no audio: the badge still counts */
  }
}
