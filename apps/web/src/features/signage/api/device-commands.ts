import type { DeviceRow, UpdateDeviceInput } from '@portal/shared';
import { api } from '../../../lib/api';

/** PUT /okds-devices/{id}: name, location, licence end, lock. */
export const updateDevice = (id: number, patch: UpdateDeviceInput) =>
  api<DeviceRow>(`/okds-devices/${id}`, { method: 'PUT', body: patch });
