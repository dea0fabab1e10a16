import { keepPreviousData } from '@tanstack/react-query';
import { rksvCampaignsCalls as calls, type CallInput } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

export type RksvCampaignFilters = CallInput<typeof calls.listRksvCampaign>;

/** One keyset page of a campaign's cards with its counts (`listRksvCampaign`); nothing until a filter is chosen. */
export const useRksvCampaign = (filters: RksvCampaignFilters, enabled: boolean) =>
  useCallQuery(calls.listRksvCampaign, filters, { enabled, placeholderData: keepPreviousData });
