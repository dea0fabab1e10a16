import { rksvCardsCalls as calls } from '@portal/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/serve.js';
import { updateCardDetails } from './card-details.js';
import { getCardLife } from './card-life.js';
import { transitionCard } from './card-transitions.js';
import { CARD_TYPE_DEADLINES_JOB, listCardTypes, putCardTypes, recomputeTypeDeadlines } from './card-types.js';
import { listDeadlines } from './deadline-list.js';
import { checkJahresbeleg } from './jahresbeleg.js';
import { reportOutage } from './outage-reported.js';
import { staffReplacementPrefill } from './replacement.js';

/**
 * A signature card's life (issue 32, contracts/rksv-cards.ts): served by this module, as the card is one
 * of an order's and who may see it is who may see its order.
 */
export function rksvCardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.backgroundJobs.set(CARD_TYPE_DEADLINES_JOB, async (payload) => {
    await recomputeTypeDeadlines(ctx, (payload as { types: string[] }).types);
  });
  serve(app, ctx, calls.getRksvCard, getCardLife);
  serve(app, ctx, calls.transitionRksvCard, transitionCard);
  serve(app, ctx, calls.checkRksvJahresbeleg, checkJahresbeleg);
  serve(app, ctx, calls.reportRksvOutage, reportOutage);
  serve(app, ctx, calls.updateRksvCardDetails, updateCardDetails);
  serve(app, ctx, calls.listRksvDeadlines, listDeadlines);
  serve(app, ctx, calls.listRksvCardTypes, listCardTypes);
  serve(app, ctx, calls.putRksvCardTypes, putCardTypes);
  serve(app, ctx, calls.getRksvCardReplacement, staffReplacementPrefill);
}
