import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { settingsResponseSchema, type CashbookSettingsInput } from '@portal/shared';
import { cashbookCall } from './client';
import { cashbookKeys, invalidateCashbook } from './query-keys';

/** GET /cashbook/settings */
export const getSettings = (signal?: AbortSignal) => cashbookCall('/settings', settingsResponseSchema, { signal });

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: cashbookKeys.settings(), queryFn: ({ signal }) => getSettings(signal) });

export const useSettings = () => useQuery(settingsQueryOptions());

/** PUT /cashbook/settings */
export const saveSettings = (body: CashbookSettingsInput) =>
  cashbookCall('/settings', settingsResponseSchema, { method: 'PUT', body });

export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveSettings, onSuccess: () => void invalidateCashbook(qc) });
}
