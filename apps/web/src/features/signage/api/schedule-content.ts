import { signageCalls } from '@portal/shared/contracts';
import { useCallMutation, useCallQuery } from '../../../lib/calls';

/** A schedule's content in display order (`getSignageContentSchedule`). */
export const useScheduleContent = (scheduleId: number) =>
  useCallQuery(signageCalls.getSignageContentSchedule, { id: scheduleId });

/** Replaces a schedule's content list (`saveSignageContentSchedule`); the signage screens refresh. */
export const useSaveScheduleContent = () => useCallMutation(signageCalls.saveSignageContentSchedule);
