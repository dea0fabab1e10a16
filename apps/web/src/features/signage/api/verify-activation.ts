import type { DeviceRow } from '@portal/shared';
import { api } from '../../../lib/api';

/** POST /okds-devices/{id}/verify-activation {activation_code}: 400 {error} when wrong. */
export const verifyActivation = (deviceId: number, code: string) =>
  api<{ message: string; device: DeviceRow }>(`/okds-devices/${deviceId}/verify-activation`, {
    method: 'POST',
    body: { activation_code: code },
  });
