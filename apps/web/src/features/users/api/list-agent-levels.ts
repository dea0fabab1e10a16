import { usersCalls } from '@portal/shared/contracts';
import { callQuery } from '../../../lib/calls';

/** The agent levels (id and name); they hardly ever change (`listAgentLevels`). */
export const agentLevelsQuery = () => ({ ...callQuery(usersCalls.listAgentLevels, {}), staleTime: Infinity });
