import { PLAYS_BATCH_MAX, PLAYS_UPLOAD_MS } from '@portal/shared';
import { signagePlayCalls, type CallAnswer } from '@portal/shared/contracts';
import { useEffect } from 'react';
import { callUrl } from '../../../lib/calls';
import { authHeader, readIdentity } from './device-api';
import { forgetPlays, pendingPlays } from './play-log';

/**
 * Sends the play log (play-log.ts) to `POST /ds/api/plays` in batches, every minute and at once when
 * the network comes back, and forgets what the server confirmed. A batch whose answer is lost is
 * simply sent again: the server counts each (device, seq) once.
 */

let running: Promise<void> | null = null;

/** One round: batch after batch until the log is empty or a call fails (the next round tries again). */
export function uploadPlaysNow(): Promise<void> {
  running ??= (async () => {
    try {
      for (;;) {
        const key = readIdentity().key;
        if (!key) return;
        const plays = await pendingPlays(PLAYS_BATCH_MAX);
        if (plays.length === 0) return;
        const res = await fetch(callUrl(signagePlayCalls.uploadSignagePlays), {
          method: 'POST',
          headers: { ...authHeader(key), 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ plays }),
        });
        // 401: the key is being replaced (use-player registers anew); the log waits for the new one.
        if (!res.ok) return;
        const { confirmed } = (await res.json()) as CallAnswer<typeof signagePlayCalls.uploadSignagePlays>;
        await forgetPlays(confirmed);
        if (plays.length < PLAYS_BATCH_MAX || confirmed.length === 0) return;
      }
    } catch {
      // Offline or the log unreadable: the plays stay for the next round.
    } finally {
      running = null;
    }
  })();
  return running;
}

/** The player page's uploader: a round every minute and one whenever the browser is back online. */
export function usePlayUploads(): void {
  useEffect(() => {
    const onOnline = () => void uploadPlaysNow();
    window.addEventListener('online', onOnline);
    const timer = setInterval(onOnline, PLAYS_UPLOAD_MS);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
  }, []);
}
