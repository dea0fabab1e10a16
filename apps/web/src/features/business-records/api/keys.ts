import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the business dashboard's records. */
export const recordsKeys = {
  all: ['business-records'] as const,
  documents: (offset: number) => ['business-records', 'documents', offset] as const,
  branches: () => ['business-records', 'branches'] as const,
  news: (lang: string, offset: number) => ['business-records', 'news', lang, offset] as const,
  profile: () => ['business-records', 'profile'] as const,
};

export const invalidate = (qc: QueryClient, key: readonly string[]) => qc.invalidateQueries({ queryKey: key });
