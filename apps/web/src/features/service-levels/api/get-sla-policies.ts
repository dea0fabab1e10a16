import { serviceLevelsCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** Every task type's service level (`listSlaPolicies`). */
export const useSlaPolicies = () => useCallQuery(serviceLevelsCalls.listSlaPolicies, {});
