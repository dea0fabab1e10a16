import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssignedContent, SignageContentItemInput } from '@portal/shared';
import { api } from '../../../lib/api';
import { signageKeys } from './query-keys';

/** GET /okds-content/{deviceId}: what a device shows of its own. */
export const getDeviceContent = (deviceId: number, signal?: AbortSignal) =>
  api<AssignedContent[]>(`/okds-content/${deviceId}`, { signal });

export const deviceContentQuery = (deviceId: number) =>
  queryOptions({
    queryKey: signageKeys.deviceContent(deviceId),
    queryFn: ({ signal }) => getDeviceContent(deviceId, signal),
  });

export const useDeviceContent = (deviceId: number | undefined) =>
  useQuery({ ...deviceContentQuery(deviceId ?? 0), enabled: deviceId !== undefined });

/** POST /okds-content/{deviceId} {content}: adds (or updates) items on a device. */
export const assignContent = (deviceId: number, content: SignageContentItemInput[]) =>
  api<{ message: string; content: AssignedContent[] }>(`/okds-content/${deviceId}`, {
    method: 'POST',
    body: { content },
  });

/** DELETE /okds-content/{id}: takes one item off its device. */
export const removeContent = (contentId: number) =>
  api<{ message: string }>(`/okds-content/${contentId}`, { method: 'DELETE' });
