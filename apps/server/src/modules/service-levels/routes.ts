import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceLevelsCalls as calls } from '@portal/shared/contracts';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/serve.js';
import { listServiceCalendars, updateServiceCalendar } from './calendar-admin.js';
import { listSlaPolicies, updateSlaPolicy } from './policy-admin.js';

/** The service levels' calls (packages/shared/src/contracts/service-levels.ts): calendars and policies. */
export const serviceLevelsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  serve(app, ctx, calls.listServiceCalendars, listServiceCalendars);
  serve(app, ctx, calls.updateServiceCalendar, updateServiceCalendar);
  serve(app, ctx, calls.listSlaPolicies, listSlaPolicies);
  serve(app, ctx, calls.updateSlaPolicy, updateSlaPolicy);
};
