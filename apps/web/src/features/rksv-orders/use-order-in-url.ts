import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The order dialog lives in the address (`?order=25`, ORDER_FILTERS.order): opening it adds a history
 * entry (so the browser's back closes it), a reload or a shared link opens the same order, and
 * closing removes it from the address in place (the entry is replaced, the list's filters stay).
 */
export function useOrderInUrl(setParam: (name: 'order', value: string | null) => void) {
  const [, setSearchParams] = useSearchParams();

  const openOrder = useCallback(
    (id: number) => {
      // Built on the address as it is now (a filter changed a moment ago stays). Open already (the
      // number's button and its row both answer one click): no second history entry.
      const next = new URLSearchParams(window.location.search);
      if (next.get('order') === String(id)) return;
      next.set('order', String(id));
      setSearchParams(next);
    },
    [setSearchParams],
  );

  const closeOrder = useCallback(() => setParam('order', null), [setParam]);

  return { openOrder, closeOrder };
}
