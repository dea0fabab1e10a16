import { rksvCampaignsCalls as calls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Mails the campaign's cards not reminded by it yet (`remindRksvCampaign`); the list then shows when. */
export const useRemindCampaign = () => useCallMutation(calls.remindRksvCampaign);
