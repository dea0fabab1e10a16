import { keepPreviousData } from '@tanstack/react-query';
import { cashbookCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

export const CLOSINGS_PAGE = 24;

/** A page of closings, newest month first (`listCashbookMonthlyClosings`). */
export const useClosings = (offset: number) =>
  useCallQuery(
    cashbookCalls.listCashbookMonthlyClosings,
    { limit: CLOSINGS_PAGE, offset },
    { placeholderData: keepPreviousData },
  );
