import type { DeviceRow } from '@portal/shared';
import { api } from '../../../lib/api';

/** POST /okds-devices/{id}/remove-customer. */
export const removeCustomer = (deviceId: number) =>
  api<DeviceRow>(`/okds-devices/${deviceId}/remove-customer`, { method: 'POST' });
