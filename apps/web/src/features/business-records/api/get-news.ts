import { keepPreviousData } from '@tanstack/react-query';
import type { NewsLanguage } from '@portal/shared';
import { businessRecordsCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

export const NEWS_PAGE = 10;

/** A page of published news in the reader's language, German where a post has none (`listBusinessNews`). */
export const useNews = (lang: string, offset: number) =>
  useCallQuery(
    businessRecordsCalls.listBusinessNews,
    { lang: lang as NewsLanguage, limit: NEWS_PAGE, offset },
    { placeholderData: keepPreviousData },
  );
