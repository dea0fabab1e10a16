import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A sending button's guard (issue 30: a double click sends once): `run(send)` starts the request unless
 * one is running, and `busy` is true until it settled (the button shows it as loading and disabled).
 * The ref answers at once, so a second click before the next render (a mutation's `isPending` arrives
 * one render late) sends nothing either. A failure is the request's own to show (its `onError` or
 * `.then(ok, failed)`); `run` itself never rejects. For a mutation whose retry must keep its
 * Idempotency-Key, `useSendOnce` (use-send-once.ts) builds on this.
 *
 * A button disabled while it sends loses the focus to the page (WCAG 2.4.3): once it is enabled again,
 * the focus goes back to it, unless the answer moved the focus elsewhere or took the button away.
 */
export function useOneAtATime() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const sender = useRef<HTMLElement | null>(null);
  const run = useCallback(async (send: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    sender.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
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
  // After the render that enabled the button again.
  useEffect(() => {
    if (busy) return;
    const el = sender.current;
    sender.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (el && lost && el.isConnected && !el.matches(':disabled')) el.focus();
  }, [busy]);
  return { busy, run };
}
