import { keepPreviousData } from '@tanstack/react-query';
import type { InsolvencyStatus } from '@portal/shared';
import { insolvencyCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

export const INSOLVENCY_PAGE_SIZE = 25;

/**
 * One page of cases with their months, newest first; one more row tells whether a next page exists
 * (`getInsolvencies`).
 */
export const useInsolvencies = (status: InsolvencyStatus | 'all', page: number) =>
  useCallQuery(
    insolvencyCalls.getInsolvencies,
    {
      limit: INSOLVENCY_PAGE_SIZE + 1,
      offset: (page - 1) * INSOLVENCY_PAGE_SIZE,
      ...(status !== 'all' && { status }),
    },
    { placeholderData: keepPreviousData },
  );
