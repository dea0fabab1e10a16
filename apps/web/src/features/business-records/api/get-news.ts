import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { newsListSchema } from '@portal/shared';
import { api } from '../../../lib/api';
import { recordsKeys } from './keys';

export type NewsList = z.infer<typeof newsListSchema>;
export const NEWS_PAGE = 10;

/** GET /business/news?lang&limit&offset: in the reader's language, German where a post has none. */
export const getNews = (lang: string, offset: number, signal?: AbortSignal) =>
  api<NewsList>(`/business/news?lang=${encodeURIComponent(lang)}&limit=${NEWS_PAGE}&offset=${offset}`, { signal });

export const newsQueryOptions = (lang: string, offset: number) =>
  queryOptions({
    queryKey: recordsKeys.news(lang, offset),
    queryFn: ({ signal }) => getNews(lang, offset, signal),
    placeholderData: keepPreviousData,
  });

export const useNews = (lang: string, offset: number) => useQuery(newsQueryOptions(lang, offset));
