import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rksvOrdersCalls as calls } from '@portal/shared/contracts';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/serve.js';
import { orderActivity } from './activity.js';
import { rksvAgents } from './agents.js';
import {
  activateCard,
  assignAgent,
  assignCustomer,
  revealCardKey,
  setPickupReady,
  setTracking,
  updateCardSerial,
} from './commands.js';
import { invoiceLink, signedInvoiceFile } from './invoice.js';
import { listOrders, orderCards, orderDetail } from './list.js';
import { rksvCardRoutes } from './card-routes.js';
import { rksvCampaignRoutes } from './campaign-routes.js';
import { createOutage, listOutages } from './outages.js';
import { rksvStats } from './stats.js';

/**
 * The rksv-orders area's calls (declared in packages/shared/src/contracts/rksv-orders.ts; backoffice.md,
 * issue 16): the order lists, order and card writes, the invoice link and file, outages, statistics.
 */
export const rksvOrdersRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  serve(app, ctx, calls.listRksvOrders, listOrders);
  serve(app, ctx, calls.getRksvOrder, orderDetail);
  serve(app, ctx, calls.getRksvCards, orderCards);
  serve(app, ctx, calls.getRksvOrderActivity, orderActivity);
  serve(app, ctx, calls.setRksvTracking, setTracking);
  serve(app, ctx, calls.setRksvPickupReady, setPickupReady);
  serve(app, ctx, calls.assignRksvAgent, assignAgent);
  serve(app, ctx, calls.assignRksvCustomer, assignCustomer);
  serve(app, ctx, calls.getRksvInvoiceUrl, invoiceLink);
  serve(app, ctx, calls.getRksvInvoiceFile, signedInvoiceFile);
  serve(app, ctx, calls.listRksvAgents, rksvAgents);
  serve(app, ctx, calls.getRksvStats, rksvStats);

  serve(app, ctx, calls.updateRksvCard, updateCardSerial);
  serve(app, ctx, calls.activateRksvCard, activateCard);
  serve(app, ctx, calls.getRksvCardKey, revealCardKey);
  serve(app, ctx, calls.createRksvOutage, createOutage);
  serve(app, ctx, calls.listRksvOutages, listOutages);

  rksvCardRoutes(app, ctx);
  rksvCampaignRoutes(app, ctx);
};
