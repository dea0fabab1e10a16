import { signageCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** "Gerät hinzufügen": the code the screen shows, the customer and a name in one call (`activateSignageDeviceByCode`). */
export const useActivateByCode = () => useCallMutation(signageCalls.activateSignageDeviceByCode);
