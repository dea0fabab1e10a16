import type { PlaylistItem } from '@portal/shared';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate, formatTime } from '../../../lib/format';
import { useOfflineShell } from './offline-shell';
import { useProofOfPlay } from './play-log';
import { usePlayUploads } from './play-upload';
import { correctedNow, itemsToPlay } from './player-clock';
import { usePlayer } from './use-player';
import './player.css';

/** The pairing QR code, with its encoder, only on the pending screen. */
const PairingQr = lazy(() => import('./pairing-qr'));

/**
 * /ds/player: the full-screen page a signage screen's browser opens. It shows its activation code
 * until staff activate it, then plays what the server says plays now: pictures for their duration,
 * videos to their end, in order, round and round; nothing to play gives a calm clock. The device
 * type may be given once as ?type=stele.
 */
export default function PlayerPage() {
  const { t } = useTranslation();
  const deviceType = useMemo(() => new URLSearchParams(location.search).get('type') ?? undefined, []);
  const { playlist, code, media, online, offsetMs, showing } = usePlayer(deviceType);
  useOfflineShell();
  usePlayUploads();
  const now = useClock();
  // The server chose the items for the moment of its answer; while it cannot be reached the kept plan
  // and the server's corrected clock choose by the same rule.
  const items = useMemo(
    () => itemsToPlay(playlist, (id) => media.has(id), { online, offsetMs, now }),
    [playlist, media, online, offsetMs, now],
  );

  let body;
  if (!playlist && !code) body = <Message title={t('signage.player.starting')} />;
  else if (!playlist || playlist.status === 'pending')
    body = (
      <div className="okds-center" data-testid="player-pending">
        <p className="okds-hint">{t('signage.player.activateHint')}</p>
        <div className="okds-pair">
          <p className="okds-code" dir="ltr" data-testid="player-code">
            {code ? `${code.slice(0, 3)} ${code.slice(3)}` : '…'}
          </p>
          <Suspense fallback={null}>{code && <PairingQr code={code} />}</Suspense>
        </div>
      </div>
    );
  else if (playlist.status === 'locked')
    body = <Message title={t('signage.player.locked')} text={t('signage.player.lockedText')} testId="player-locked" />;
  else if (playlist.status === 'expired')
    body = (
      <Message title={t('signage.player.expired')} text={t('signage.player.expiredText')} testId="player-expired" />
    );
  // The idle clock shows the corrected time too: the box's own clock may be off by a day.
  else if (items.length === 0) body = <Idle now={correctedNow(offsetMs, now.getTime())} />;
  else body = <Loop items={items} media={media} version={playlist.version} onShow={showing} />;

  return (
    <main className="okds-player">
      {body}
      {!online && (
        <span className="okds-offline" data-testid="player-offline">
          {t('signage.player.offline')}
        </span>
      )}
    </main>
  );
}

function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

function Message({ title, text, testId }: { title: string; text?: string; testId?: string }) {
  return (
    <div className="okds-center" data-testid={testId}>
      <h1 className="okds-title">{title}</h1>
      {text && <p className="okds-hint">{text}</p>}
    </div>
  );
}

function Idle({ now }: { now: Date }) {
  const { i18n } = useTranslation();
  const time = formatTime(now);
  const date = formatLongDate(now, i18n.language, { year: false });
  return (
    <div className="okds-center" data-testid="player-idle">
      <p className="okds-clock" dir="ltr">
        {time}
      </p>
      <p className="okds-hint">{date}</p>
    </div>
  );
}

/** One item on its way to the screen or on it, with its own element (kept until the next shows a frame). */
interface Turn {
  seq: number;
  item: PlaylistItem;
  src: string;
  /** Its place in the list of `version`: the next item follows it there. */
  index: number;
  version: string;
}

/** The place of the item after `after`: the next one in the same list, else after the same file, else the first. */
function following(items: PlaylistItem[], version: string, after: Turn): number {
  if (after.version === version && items[after.index]?.file_id === after.item.file_id)
    return (after.index + 1) % items.length;
  const at = items.findIndex((i) => i.file_id === after.item.file_id);
  return at < 0 ? 0 : (at + 1) % items.length;
}

/**
 * Plays the items in order: a picture for its duration, a video until it ends (or fails), then the next,
 * round and round. No frame without content: the next item is prepared while the current one plays (a
 * picture decoded, a video loaded and paused, out of sight) and takes the screen only once it can show
 * a frame; until then the current one stays. A new version does not restart the loop: the item on screen
 * plays to its end, and the next comes from the new list.
 */
function Loop({
  items,
  media,
  version,
  onShow,
}: {
  items: PlaylistItem[];
  media: Map<number, string>;
  version: string;
  /** The file on screen, for the next poll's report (fleet health); null once the loop stops. */
  onShow: (fileId: number | null) => void;
}) {
  const seq = useRef(0);
  const [shown, setShown] = useState<Turn | null>(null);
  const [upcoming, setUpcoming] = useState<Turn | null>(null);
  /** An item that could not be shown (a broken file): the next is looked for after it. */
  const [skipped, setSkipped] = useState<Turn | null>(null);
  /** The upcoming item's turn has come (at once when nothing is shown yet). */
  const [due, setDue] = useState(true);

  const after = skipped ?? shown;
  const nextIndex = after ? following(items, version, after) : 0;
  const want = items[nextIndex];
  const wantSrc = want && media.get(want.file_id);
  // A playlist of one video loops it on screen; it ends (and the next comes) once more items arrive.
  const loops = shown?.item.file_type === 'video' && items.length === 1 && want?.file_id === shown.item.file_id;
  // Each turn on screen is one logged showing (proof of play), and the file on screen is reported.
  useProofOfPlay(shown?.item.file_id ?? null, shown?.seq);
  const onScreenFile = shown?.item.file_id ?? null;
  useEffect(() => onShow(onScreenFile), [onScreenFile, onShow]);
  useEffect(() => () => onShow(null), [onShow]);

  // Prepare the next item; a list that changed replaces a prepared one whose turn has not come, and one
  // whose turn has come but that the list no longer has (a window closed while it got ready).
  useEffect(() => {
    if (!want || !wantSrc || loops) return;
    const listed =
      upcoming && items.some((i) => i.file_id === upcoming.item.file_id && media.get(i.file_id) === upcoming.src);
    if (upcoming && listed && (due || (upcoming.item.file_id === want.file_id && upcoming.src === wantSrc))) {
      if (!due && (upcoming.index !== nextIndex || upcoming.version !== version))
        setUpcoming({ ...upcoming, index: nextIndex, version });
      return;
    }
    setUpcoming({ seq: ++seq.current, item: want, src: wantSrc, index: nextIndex, version });
  }, [want, wantSrc, nextIndex, version, upcoming, due, loops, items, media]);

  // A picture's time on screen.
  useEffect(() => {
    if (shown?.item.file_type !== 'image') return;
    const id = setTimeout(() => setDue(true), Math.max(1, shown.item.duration) * 1000);
    return () => clearTimeout(id);
  }, [shown]);

  const show = (t: Turn) => {
    setShown(t);
    setUpcoming(null);
    setSkipped(null);
    setDue(false);
  };
  const fail = (t: Turn) => {
    // Not at once: a list of broken files would spin.
    setTimeout(() => {
      setUpcoming((u) => (u?.seq === t.seq ? null : u));
      setSkipped(t);
    }, 1000);
  };
  const ended = () => setDue(true);

  return (
    <>
      {[shown, upcoming].map(
        (t) =>
          t && (
            <Media
              key={t.seq}
              turn={t}
              onScreen={t === shown}
              go={t === upcoming && due}
              loop={t === shown && loops}
              onShow={() => show(t)}
              onEnd={ended}
              onFail={() => (t === shown ? ended() : fail(t))}
            />
          ),
      )}
    </>
  );
}

/** How long an item whose turn has come may take to show its first frame. */
const STALL_MS = 15_000;

/**
 * One item's element. Before its turn it is out of sight: a picture is decoded, a video loaded. At its
 * turn (`go`) it says `onShow` once it can show a frame: a decoded picture at once, a video when it plays.
 */
function Media({
  turn,
  onScreen,
  go,
  loop,
  onShow,
  onEnd,
  onFail,
}: {
  turn: Turn;
  onScreen: boolean;
  go: boolean;
  loop: boolean;
  onShow: () => void;
  onEnd: () => void;
  onFail: () => void;
}) {
  const img = useRef<HTMLImageElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [decoded, setDecoded] = useState(false);
  const isImage = turn.item.file_type === 'image';
  const latest = useRef({ onShow, onFail });
  latest.current = { onShow, onFail };

  useEffect(() => {
    if (!img.current) return;
    let live = true;
    img.current.decode().then(
      () => live && setDecoded(true),
      () => live && latest.current.onFail(),
    );
    return () => {
      live = false;
    };
  }, []);

  // A watchdog: an item whose turn came but that shows no frame within STALL_MS (a decode or a play that
  // never settles) counts as failed, and the loop goes on after it rather than wait on it for good.
  useEffect(() => {
    if (!go) return;
    const id = setTimeout(() => latest.current.onFail(), STALL_MS);
    return () => clearTimeout(id);
  }, [go]);

  useEffect(() => {
    if (!go) return;
    if (isImage) {
      if (decoded) latest.current.onShow();
      return;
    }
    const v = video.current!;
    v.play().catch(() => {
      // Removed before it played (a newer list), or the file cannot play: its error event says which.
    });
  }, [go, decoded, isImage]);

  const className = onScreen ? 'okds-media' : 'okds-media okds-next';
  const own = onScreen ? { 'data-file-id': turn.item.file_id } : { 'aria-hidden': true };
  return isImage ? (
    <img
      ref={img}
      className={className}
      src={turn.src}
      alt=""
      data-testid={onScreen ? 'player-image' : undefined}
      {...own}
    />
  ) : (
    <video
      ref={video}
      className={className}
      src={turn.src}
      preload="auto"
      muted
      playsInline
      loop={loop}
      onPlaying={(e) => {
        if (go && e.currentTarget.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) latest.current.onShow();
      }}
      onEnded={onEnd}
      onError={() => latest.current.onFail()}
      data-testid={onScreen ? 'player-video' : undefined}
      {...own}
    />
  );
}
