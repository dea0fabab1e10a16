import { useCallback, useRef, useState } from 'react';

/**
 * A sending button's guard (issue 30: a double click sends once): `run(send)` starts the request unless
 * one is running, and `busy` is true until it settled (the button shows it as loading and disabled).
 * The ref answers at once, so a second click before the next render (a mutation's `isPending` arrives
 * one render late) sends nothing either. A failure is the request's own to show (its `onError` or
 * `.then(ok, failed)`); `run` itself never rejects. For a mutation whose retry must keep its
 * Idempotency-Key, `useSendOnce` (use-send-once.ts) builds on this.
 */
export function useOneAtATime() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (send: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await send();
    } catch {
      // Shown by the request's own handler.
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
