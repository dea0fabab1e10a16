import type { DeviceRow } from '@portal/shared';
import { api } from '../../../lib/api';

/** POST /okds-devices/{id}/assign-customer {customer_id}. */
export const assignCustomer = (deviceId: number, customerId: number) =>
  api<DeviceRow>(`/okds-devices/${deviceId}/assign-customer`, { method: 'POST', body: { customer_id: customerId } });
