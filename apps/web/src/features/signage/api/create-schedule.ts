import type { ScheduleInput } from '@portal/shared';
import { signageCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** A new schedule (`createSignageSchedule`). */
export const createSchedule = (input: ScheduleInput) => callApi(signageCalls.createSignageSchedule, input);
