import { rksvCampaignsCalls as calls } from '@portal/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { fileReply, serve } from '../../platform/serve.js';
import { exportCampaignCsv } from './campaign-csv.js';
import { listCampaign } from './campaign-list.js';
import { remindCampaign } from './campaign-remind.js';

/**
 * Renewal and replacement campaigns (issue 32, contracts/rksv-campaigns.ts): served by this module, as a
 * campaign's cards are orders' cards and who may see them is who may see their orders.
 */
export function rksvCampaignRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, ctx, calls.listRksvCampaign, listCampaign);
  serve(app, ctx, calls.exportRksvCampaignCsv, (c, viewer, input) =>
    fileReply(exportCampaignCsv(c, viewer, input), 'text/csv; charset=utf-8', { name: 'rksv-kampagne.csv' }),
  );
  serve(app, ctx, calls.remindRksvCampaign, remindCampaign);
}
