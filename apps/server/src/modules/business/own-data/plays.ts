import { eq } from 'drizzle-orm';
import type { PlayMonthList } from '@portal/shared';
import { userSettings } from '../../../db/schema/index.js';
import type { ServiceCtx, Viewer } from '../../../platform/service.js';
import { playMonths, playReportPdf } from '../../signage/index.js';
import { ownCustomer } from '../own-customer.js';

/** Proof of play in the business dashboard (issue 33): the own customer's months and their PDF. */

export async function listOwnPlayMonths(ctx: ServiceCtx, viewer: Viewer): Promise<PlayMonthList> {
  const customer = await ownCustomer(ctx, viewer);
  return playMonths(ctx, customer.id);
}

/** The month's report of the own customer's screens, in the language of the account's settings. */
export async function ownPlayReportPdf(ctx: ServiceCtx, viewer: Viewer, input: { month: string }): Promise<Buffer> {
  const customer = await ownCustomer(ctx, viewer);
  const [s] = await ctx.db
    .select({ language: userSettings.language })
    .from(userSettings)
    .where(eq(userSettings.user_id, viewer.id));
  return playReportPdf(ctx, { customer, month: input.month, lang: s?.language ?? 'de' });
}
