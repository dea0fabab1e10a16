import { queryOptions, useQuery } from '@tanstack/react-query';
import { combineProducts, type RksvProduct } from '@portal/shared';
import { api } from '../../../lib/api';
import { shopKeys } from './query-keys';

/** GET /web/rksv-products: the main product and the shipping product (prices in gross cents). */
export function getProducts(signal?: AbortSignal): Promise<RksvProduct[]> {
  return api<RksvProduct[]>('/web/rksv-products', { signal });
}

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: shopKeys.products(),
    queryFn: ({ signal }) => getProducts(signal),
    staleTime: 5 * 60_000,
    // The page combines them: main price plus the shipping product's price (free when there is none).
    select: combineProducts,
  });

export function useProduct() {
  return useQuery(productsQueryOptions());
}
