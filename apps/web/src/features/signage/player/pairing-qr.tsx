import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { encode } from 'uqr';

/**
 * The pending screen's QR code (issue 33): a phone that scans it opens "Gerät hinzufügen" on this
 * portal (the player's own origin) with the six digits filled in. Drawn as one SVG path from the
 * encoder's modules, with the quiet zone in white; the link is kept beside it (`data-pair-url`).
 */
export default function PairingQr({ code }: { code: string }) {
  const { t } = useTranslation();
  const url = `${location.origin}/agent-dashboard/ds/devices?code=${encodeURIComponent(code)}`;
  const qr = useMemo(() => {
    const { size, data } = encode(url, { ecc: 'M', border: 4 });
    let d = '';
    data.forEach((row, y) => row.forEach((dark, x) => dark && (d += `M${x} ${y}h1v1h-1z`)));
    return { size, d };
  }, [url]);
  return (
    <figure className="okds-qr">
      <svg
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        role="img"
        aria-label={t('signage.player.qrLabel')}
        shapeRendering="crispEdges"
        data-testid="player-qr"
        data-pair-url={url}
      >
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={qr.d} fill="#000" />
      </svg>
      <figcaption className="okds-hint">{t('signage.player.qrHint')}</figcaption>
    </figure>
  );
}
