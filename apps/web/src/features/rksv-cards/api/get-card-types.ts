import { rksvCardsCalls as calls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The card types with the day each loses its approval and how many cards carry it (`listRksvCardTypes`). */
export const useRksvCardTypes = (enabled = true) =>
  useCallQuery(calls.listRksvCardTypes, {}, { enabled, staleTime: 60_000 });
