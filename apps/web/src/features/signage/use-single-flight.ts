import { useCallback, useRef } from 'react';

/**
 * One request at a time from a button: a second click while the first request runs is ignored, so
 * a double click sends once (and never sees the 409 its own second request would get). A ref, not
 * the mutation's `isPending`: that reaches the button only at the next render, after both clicks.
 */
export function useSingleFlight() {
  const busy = useRef(false);
  return useCallback((send: () => Promise<unknown>) => {
    if (busy.current) return;
    busy.current = true;
    // The failure is the mutation's to show (its onError); here it only ends the flight.
    void send()
      .catch(() => undefined)
      .finally(() => {
        busy.current = false;
      });
  }, []);
}
