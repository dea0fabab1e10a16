import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentFile } from '@portal/shared';
import { api } from '../../../lib/api';
import { SIGNAGE_PAGE, signageKeys } from './query-keys';

/** GET /okds-files: one page of content files, newest first. */
export const getFiles = (offset: number, signal?: AbortSignal) =>
  api<{ rows: ContentFile[]; total: number }>(`/okds-files?offset=${offset}&limit=${SIGNAGE_PAGE}`, { signal });

export const filesQuery = (offset: number) =>
  queryOptions({
    queryKey: signageKeys.files(offset),
    queryFn: ({ signal }) => getFiles(offset, signal),
    placeholderData: keepPreviousData,
  });

export const useFiles = (offset: number) => useQuery(filesQuery(offset));
