import { signageCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** Takes a device's customer away (`removeSignageDeviceCustomer`). */
export const removeCustomer = (deviceId: number) => callApi(signageCalls.removeSignageDeviceCustomer, { id: deviceId });
