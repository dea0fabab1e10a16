import { useCallback, useRef, useState } from 'react';

/**
 * A sending button's guard: `run(send)` starts the request unless one is running, and `busy` is true
 * until it settled (the button shows it as loading and disabled). The ref answers at once, so a
 * second click before the next render sends nothing either.
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
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
