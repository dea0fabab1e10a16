import { keepPreviousData } from '@tanstack/react-query';
import { businessRecordsCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

export const DOCUMENTS_PAGE = 25;

/** A page of the caller's documents, newest first (`listBusinessDocuments`). */
export const useDocuments = (offset: number) =>
  useCallQuery(
    businessRecordsCalls.listBusinessDocuments,
    { limit: DOCUMENTS_PAGE, offset },
    { placeholderData: keepPreviousData },
  );
