import type { GdprJobStarted, OwnExport } from '@portal/shared';
import type { ServiceCtx, Viewer } from '../../../platform/service.js';
import { latestExport, startExport } from '../../customers/index.js';
import { ownCustomer } from '../own-customer.js';

/**
 * "Meine Daten herunterladen" (issue 34): the customer's own GDPR export, built by the customers
 * area's background job; its progress and file are read under /api/gdpr-jobs/{jobId}.
 */
export async function startOwnExport(ctx: ServiceCtx, viewer: Viewer): Promise<GdprJobStarted> {
  const c = await ownCustomer(ctx, viewer);
  return startExport(ctx, viewer, { customerId: c.id, as: 'customer' });
}

/** The customer's latest own export (the overview shows its progress or its download). */
export async function ownLatestExport(ctx: ServiceCtx, viewer: Viewer): Promise<OwnExport> {
  const c = await ownCustomer(ctx, viewer);
  return { lastExport: await latestExport(ctx, { customerId: c.id, as: 'customer' }) };
}
