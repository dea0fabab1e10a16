import { keepPreviousData } from '@tanstack/react-query';
import { cashbookCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/**
 * The figures closing a month would store, as the server computes them (`previewCashbookMonthlyClosing`):
 * without a month, the one that can be closed now; with the counted cash, its difference.
 */
export const useClosingPreview = (input: { month?: string; physical_balance?: number }, enabled = true) =>
  useCallQuery(cashbookCalls.previewCashbookMonthlyClosing, input, {
    enabled,
    retry: false,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
