import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the RKSV order screens; every write refreshes the lists, the order's cards, activity and the stats. */
export const rksvKeys = {
  all: ['rksv'] as const,
  orders: (filters: object) => ['rksv', 'orders', filters] as const,
  activity: (orderId: number) => ['rksv', 'activity', orderId] as const,
  outages: (cardId: number) => ['rksv', 'outages', cardId] as const,
  agents: ['rksv', 'agents'] as const,
  stats: ['rksv', 'stats'] as const,
};

export const invalidateRksv = (qc: QueryClient) => qc.invalidateQueries({ queryKey: rksvKeys.all });
