import { signageCalls, type CallInput } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

const call = signageCalls.updateSignageDevice;

/** Name, location, licence end, lock (`updateSignageDevice`). */
export const updateDevice = (id: number, patch: Omit<CallInput<typeof call>, 'id'>) => callApi(call, { id, ...patch });
