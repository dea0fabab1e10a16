import { signageCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** Gives a device its customer (`assignSignageDeviceCustomer`). */
export const assignCustomer = (deviceId: number, customerId: number) =>
  callApi(signageCalls.assignSignageDeviceCustomer, { id: deviceId, customer_id: customerId });
