import { keepPreviousData } from '@tanstack/react-query';
import { newsCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

export const NEWS_ADMIN_PAGE = 25;

/** A page of every post, also those waiting for their date (`listNews`). */
export const useNewsPosts = (offset: number) =>
  useCallQuery(newsCalls.listNews, { limit: NEWS_ADMIN_PAGE, offset }, { placeholderData: keepPreviousData });
