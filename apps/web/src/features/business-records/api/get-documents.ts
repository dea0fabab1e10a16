import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { documentListSchema } from '@portal/shared';
import { api } from '../../../lib/api';
import { recordsKeys } from './keys';

export type DocumentList = z.infer<typeof documentListSchema>;
export const DOCUMENTS_PAGE = 25;

/** GET /business/documents?limit&offset */
export const getDocuments = (offset: number, signal?: AbortSignal) =>
  api<DocumentList>(`/business/documents?limit=${DOCUMENTS_PAGE}&offset=${offset}`, { signal });

export const documentsQueryOptions = (offset: number) =>
  queryOptions({
    queryKey: recordsKeys.documents(offset),
    queryFn: ({ signal }) => getDocuments(offset, signal),
    placeholderData: keepPreviousData,
  });

export const useDocuments = (offset: number) => useQuery(documentsQueryOptions(offset));
