import type { DeviceRow } from '@portal/shared';
import { api } from '../../../lib/api';

/**
 * POST /okds-devices/{id}/verify-activation {activation_code, customer_id?}: the customer is set with
 * the activation, only when the code is right; 400 {error} when it is wrong (nothing else changes).
 */
export const verifyActivation = (deviceId: number, code: string, customerId?: number) =>
  api<{ message: string; device: DeviceRow }>(`/okds-devices/${deviceId}/verify-activation`, {
    method: 'POST',
    body: { activation_code: code, ...(customerId ? { customer_id: customerId } : {}) },
  });
