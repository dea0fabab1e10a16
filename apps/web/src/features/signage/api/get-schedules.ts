import { keepPreviousData } from '@tanstack/react-query';
import { signageCalls, type CallInput } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';
import { SIGNAGE_PAGE } from '../page-size';

const call = signageCalls.listSignageSchedules;

/** One page of schedules by status, default active (`listSignageSchedules`). */
export const useSchedules = (status: string, offset: number) =>
  useCallQuery(
    call,
    { status: status as CallInput<typeof call>['status'], offset, limit: SIGNAGE_PAGE },
    { placeholderData: keepPreviousData },
  );
