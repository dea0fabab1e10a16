import { signageCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** What a device shows of its own (`getSignageContent`). */
export const useDeviceContent = (deviceId: number | undefined) =>
  useCallQuery(signageCalls.getSignageContent, { id: deviceId ?? 0 }, { enabled: deviceId !== undefined });
