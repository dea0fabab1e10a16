import { keepPreviousData } from '@tanstack/react-query';
import { signageCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';
import { SIGNAGE_PAGE } from '../page-size';

/** One page of content files, newest first (`listSignageFiles`). */
export const useFiles = (offset: number) =>
  useCallQuery(signageCalls.listSignageFiles, { offset, limit: SIGNAGE_PAGE }, { placeholderData: keepPreviousData });
