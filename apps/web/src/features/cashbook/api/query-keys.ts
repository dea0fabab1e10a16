import type { QueryClient } from '@tanstack/react-query';

/** Every cashbook query lives under ['cashbook', ...]: one invalidation after a posting refreshes every screen. */
export const cashbookKeys = {
  all: ['cashbook'] as const,
  overview: () => [...cashbookKeys.all, 'overview'] as const,
  transactions: (filters: object) => [...cashbookKeys.all, 'transactions', filters] as const,
  categories: () => [...cashbookKeys.all, 'categories'] as const,
  closings: (offset: number) => [...cashbookKeys.all, 'closings', offset] as const,
  settings: () => [...cashbookKeys.all, 'settings'] as const,
  verify: () => [...cashbookKeys.all, 'verify'] as const,
  balance: () => [...cashbookKeys.all, 'balance'] as const,
};

export const invalidateCashbook = (qc: QueryClient) => qc.invalidateQueries({ queryKey: cashbookKeys.all });
