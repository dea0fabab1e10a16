import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { NewsInput, NewsPost, newsPostListSchema } from '@portal/shared';
import { api } from '../../../lib/api';
import { idempotencyHeaders, keyForAttempt } from '../../../lib/idempotency';

export type NewsPostList = z.infer<typeof newsPostListSchema>;
export const NEWS_ADMIN_PAGE = 25;
const KEY = ['news-admin'] as const;

/** GET /news?limit&offset: every post, also those waiting for their date. */
export const getNewsPosts = (offset: number, signal?: AbortSignal) =>
  api<NewsPostList>(`/news?limit=${NEWS_ADMIN_PAGE}&offset=${offset}`, { signal });

export const newsPostsQueryOptions = (offset: number) =>
  queryOptions({
    queryKey: [...KEY, offset],
    queryFn: ({ signal }) => getNewsPosts(offset, signal),
    placeholderData: keepPreviousData,
  });

export const useNewsPosts = (offset: number) => useQuery(newsPostsQueryOptions(offset));

/** POST /news, or PUT /news/{id} when an id is given. */
export const saveNewsPost = ({ id, body }: { id?: number; body: NewsInput }) =>
  id
    ? api<{ message: string; post: NewsPost }>(`/news/${id}`, { method: 'PUT', body })
    : api<{ message: string; post: NewsPost }>('/news', {
        method: 'POST',
        body,
        headers: idempotencyHeaders(keyForAttempt(body)),
      });

/** DELETE /news/{id} */
export const deleteNewsPost = (id: number) => api<{ message: string }>(`/news/${id}`, { method: 'DELETE' });

export function useSaveNewsPost() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveNewsPost, onSuccess: () => qc.invalidateQueries({ queryKey: KEY }) });
}

export function useDeleteNewsPost() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteNewsPost, onSuccess: () => qc.invalidateQueries({ queryKey: KEY }) });
}
