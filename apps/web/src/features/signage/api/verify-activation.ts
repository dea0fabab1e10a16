import { signageCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/**
 * Activates a device with the code its screen shows, for the customer (`verifySignageActivation`): the
 * customer is set only when the code is right; 400 {error} when it is wrong (nothing else changes).
 */
export const verifyActivation = (deviceId: number, code: string, customerId?: number) =>
  callApi(signageCalls.verifySignageActivation, {
    id: deviceId,
    activation_code: code,
    ...(customerId ? { customer_id: customerId } : {}),
  });
