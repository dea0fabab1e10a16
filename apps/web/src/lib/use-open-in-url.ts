import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/**
 * The thing a screen has open (an RKSV order, a cashbook entry or its add dialog, a signage device, an
 * insolvency case) kept in the address as `?<name>=<value>` (issue 30): a reload or a shared link opens
 * the same thing. Opening adds a history step, so the back button closes it; closing goes back that
 * step when this screen opened it, else drops the parameter in place (a link opened from elsewhere).
 * The page's other parameters (filters, paging) stay. Focus goes back to what opened it (the button),
 * or to `fallback`. The one hook for this: no screen writes its own.
 */
export function useOpenInUrl(name: string, fallback?: () => HTMLElement | null) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const opener = useRef<HTMLElement | null>(null);
  const value = params.get(name);

  const open = useCallback(
    (v: string) => {
      const next = new URLSearchParams(window.location.search);
      // Open already (a row and its button both answer one click): no second history step.
      if (next.get(name) === v) return;
      // Another item while one this screen opened is open replaces it: back still closes, never steps
      // through the items seen.
      const replace = next.has(name) && (location.state as { opened?: string } | null)?.opened === name;
      if (!replace) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      next.set(name, v);
      void navigate({ search: `?${next.toString()}` }, { state: { opened: name }, replace });
    },
    [location.state, name, navigate],
  );

  const close = useCallback(() => {
    const state = location.state as { opened?: string } | null;
    if (state?.opened === name) void navigate(-1);
    else {
      const next = new URLSearchParams(window.location.search);
      next.delete(name);
      const qs = next.toString();
      void navigate({ search: qs ? `?${qs}` : '' }, { replace: true });
    }
  }, [location.state, name, navigate]);

  // Closed by any way (the dialog, Escape, the back button): focus back to the opener.
  const wasOpen = useRef(value !== null);
  useEffect(() => {
    if (wasOpen.current && value === null) {
      const target = opener.current?.isConnected ? opener.current : (fallback?.() ?? null);
      opener.current = null;
      // After the dialog has gone (its own focus return would land on the body).
      window.setTimeout(() => target?.focus(), 0);
    }
    wasOpen.current = value !== null;
  }, [value, fallback]);

  return { value, open, close };
}
