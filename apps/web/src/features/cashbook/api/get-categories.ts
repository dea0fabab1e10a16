import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { categorySchema } from '@portal/shared';
import { cashbookCall } from './client';
import { cashbookKeys } from './query-keys';

const listSchema = z.array(categorySchema);

/** GET /cashbook/categories */
export const getCategories = (signal?: AbortSignal) => cashbookCall('/categories', listSchema, { signal });

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: cashbookKeys.categories(), queryFn: ({ signal }) => getCategories(signal) });

export const useCategories = () => useQuery(categoriesQueryOptions());
