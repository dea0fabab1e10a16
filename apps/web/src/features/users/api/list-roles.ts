import { usersCalls } from '@portal/shared/contracts';
import { callQuery } from '../../../lib/calls';

/** The user roles (id and name); they hardly ever change (`listRoles`). */
export const rolesQuery = () => ({ ...callQuery(usersCalls.listRoles, {}), staleTime: Infinity });
