import { signageCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** Deletes a schedule with its content list; the files stay (`deleteSignageSchedule`). */
export const deleteSchedule = (id: number) => callApi(signageCalls.deleteSignageSchedule, { id });
