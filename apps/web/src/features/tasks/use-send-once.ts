import { useCallback, useRef, useState } from 'react';

/**
 * One request at a time for a button or form: a second click (a double click, Enter held down)
 * while the first request runs sends nothing, so it can never come back as a 409 of the user's own
 * making. `busy` drives the button's loading state; the ref answers before React has re-rendered.
 */
export function useSendOnce(): { busy: boolean; send: (request: () => Promise<unknown>) => void } {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const send = useCallback((request: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    void request()
      .catch(() => {
        // The caller's own handlers have shown the error already.
      })
      .finally(() => {
        running.current = false;
        setBusy(false);
      });
  }, []);
  return { busy, send };
}
