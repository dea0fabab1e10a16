import { queryOptions, useQuery } from '@tanstack/react-query';
import { combineProducts } from '@portal/shared';
import { shopCalls as calls } from '@portal/shared/contracts';
import { callQuery } from '../../../lib/calls';

/** The main product and the shipping product, prices in gross cents (`listRksvProducts`). */
export const productsQueryOptions = () =>
  queryOptions({
    ...callQuery(calls.listRksvProducts, {}),
    staleTime: 5 * 60_000,
    // The page combines them: main price plus the shipping product's price (free when there is none).
    select: combineProducts,
  });

export function useProduct() {
  return useQuery(productsQueryOptions());
}
