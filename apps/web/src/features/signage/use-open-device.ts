import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { urlParam } from '../../lib/use-url-filters';

const PARAM = 'device';
const readId = urlParam.id();
/** Marks the history entry the open button pushed: closing then goes back instead of adding one. */
const PUSHED = 'signageDeviceOpened';

/**
 * The device whose dialog is open, in the address (`?device=<id>`): a reload or a shared link opens
 * the same device, the back button closes it. Opening pushes a history entry (so back closes it);
 * closing goes back when the open button pushed that entry, and otherwise (opened from a link)
 * removes the parameter in place. The page's other parameters (filters, paging) stay.
 */
export function useOpenDevice() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const deviceId = readId(params.get(PARAM));
  const pushed = (location.state as Record<string, unknown> | null)?.[PUSHED] === true;

  const open = useCallback(
    (id: number) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(PARAM, String(id));
          return next;
        },
        { state: { [PUSHED]: true } },
      ),
    [setParams],
  );

  const close = useCallback(() => {
    if (pushed) {
      void navigate(-1);
      return;
    }
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(PARAM);
        return next;
      },
      { replace: true },
    );
  }, [navigate, pushed, setParams]);

  return { deviceId, open, close };
}
