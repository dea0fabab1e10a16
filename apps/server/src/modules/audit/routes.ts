import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditCalls as calls } from '@portal/shared/contracts';
import type { AppContext } from '../../platform/context.js';
import { serve } from '../../platform/serve.js';
import {
  customerAuditEntries,
  listAuditEntries,
  rksvOrderAuditEntries,
  signageDeviceAuditEntries,
  taskAuditEntries,
} from './trail.js';
import { verifyAuditTrail } from './verify.js';
import { exportAuditCsv } from './export-csv.js';

/** The staff audit trail (contracts/audit.ts); its rows are appended by platform/audit.ts. */
export const auditRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  serve(app, ctx, calls.listAuditEntries, listAuditEntries);
  serve(app, ctx, calls.exportAuditEntries, exportAuditCsv);
  serve(app, ctx, calls.verifyAuditTrail, verifyAuditTrail);
  serve(app, ctx, calls.listTaskAuditEntries, taskAuditEntries);
  serve(app, ctx, calls.listRksvOrderAuditEntries, rksvOrderAuditEntries);
  serve(app, ctx, calls.listSignageDeviceAuditEntries, signageDeviceAuditEntries);
  serve(app, ctx, calls.listCustomerAuditEntries, customerAuditEntries);
};
