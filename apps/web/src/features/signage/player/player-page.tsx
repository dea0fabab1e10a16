import { playsNow, type PlaylistItem } from '@portal/shared';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate, formatTime } from '../../../lib/format';
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
  const { playlist, code, media, online, showing } = usePlayer(deviceType);
  const now = useClock();
  // The server chose the items for the moment of its answer; while it cannot be reached the same
  // window and weekday rule keeps the cached list honest.
  const items = useMemo(
    () =>
      playlist?.status === 'active'
        ? playlist.items.filter((i) => media.has(i.file_id) && (online || playsNow(i, now)))
        : [],
    [playlist, media, online, now],
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
  else if (items.length === 0) body = <Idle now={now} />;
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

/** Plays the items in order: a picture for its duration, a video until it ends (or fails), then the next. */
function Loop({
  items,
  media,
  version,
  onShow,
}: {
  items: PlaylistItem[];
  media: Map<number, string>;
  version: string;
  onShow: (fileId: number | null) => void;
}) {
  const [index, setIndex] = useState(0);
  // A new playlist starts from its first item.
  useEffect(() => setIndex(0), [version]);
  const item = items[index % items.length]!;
  const next = () => setIndex((i) => (i + 1) % Math.max(items.length, 1));
  // The file on screen, for the next poll's report (fleet health); none once the loop stops.
  useEffect(() => {
    onShow(item.file_id);
    return () => onShow(null);
  }, [item.file_id, onShow]);

  useEffect(() => {
    if (item.file_type !== 'image') return;
    // A single picture stays; the timer still runs so a changed list is picked up in order.
    const id = setTimeout(next, Math.max(1, item.duration) * 1000);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item, index]);

  const src = media.get(item.file_id)!;
  return item.file_type === 'video' ? (
    <video
      key={`${item.file_id}-${index}`}
      className="okds-media"
      src={src}
      autoPlay
      muted
      playsInline
      onEnded={next}
      onError={next}
      ref={(v) => {
        // A playlist of one video: loop it by hand so "ended" still moves on when more arrive.
        if (v && items.length === 1) v.loop = true;
      }}
      data-testid="player-video"
    />
  ) : (
    <img
      key={`${item.file_id}-${index}`}
      className="okds-media"
      src={src}
      alt=""
      data-testid="player-image"
      data-file-id={item.file_id}
    />
  );
}
