import { serviceLevelsCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Sets a task type's service level {taskTypeId, response_minutes, resolution_minutes, clock} (`updateSlaPolicy`). */
export const useUpdateSlaPolicy = () => useCallMutation(serviceLevelsCalls.updateSlaPolicy, { invalidates: ['service-levels', 'tasks'] });
