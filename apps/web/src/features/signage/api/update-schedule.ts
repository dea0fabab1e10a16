import type { ScheduleInput } from '@portal/shared';
import { signageCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** Changes a schedule (`updateSignageSchedule`). */
export const updateSchedule = (id: number, input: ScheduleInput) =>
  callApi(signageCalls.updateSignageSchedule, { ...input, id });
