import { rksvCardsCalls as calls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The admins' card types, the campaign's first filter (`listRksvCardTypes`). */
export const useCampaignCardTypes = () => useCallQuery(calls.listRksvCardTypes, {}, { staleTime: 60_000 });
