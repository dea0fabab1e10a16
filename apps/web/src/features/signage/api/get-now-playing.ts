import { signageCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** "Was läuft jetzt?" of one device (`getSignageNowPlaying`): asked anew each time the dialog opens. */
export const useNowPlaying = (deviceId: number) =>
  useCallQuery(signageCalls.getSignageNowPlaying, { id: deviceId }, { staleTime: 0, gcTime: 0 });
