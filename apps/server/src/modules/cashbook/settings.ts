import { eq } from 'drizzle-orm';
import { CASHBOOK_MSG, type CashbookSettings, type CashbookSettingsInput } from '@portal/shared';
import { cashbookSettings } from '../../db/schema/index.js';
import { conflict } from '../../platform/errors.js';
import { now, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { hasHistory, lockCashbook } from './chain.js';
import { countryOf } from './common.js';

/** The register's name and address (printed on the reports) and the starting balance of the caller's cashbook. */
export async function getSettings(ctx: ServiceCtx, viewer: Viewer): Promise<CashbookSettings> {
  const countryId = countryOf(viewer);
  const [row] = await ctx.db.select().from(cashbookSettings).where(eq(cashbookSettings.country_id, countryId));
  return {
    register_name: row?.register_name ?? '',
    register_address: row?.register_address ?? '',
    starting_balance: row?.starting_balance ?? 0,
    starting_balance_editable: !(await hasHistory(ctx.db, countryId)),
    country_id: countryId,
  };
}

/** Saves the settings; a changed starting balance once an entry or closing exists is 409. */
export async function saveSettings(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: CashbookSettingsInput,
): Promise<CashbookSettings> {
  const countryId = countryOf(viewer);
  await ctx.db.transaction(async (tx) => {
    const current = await lockCashbook(tx, countryId);
    if (input.starting_balance !== current.starting_balance && (await hasHistory(tx, countryId)))
      throw conflict(CASHBOOK_MSG.startingBalanceLocked);
    await tx
      .update(cashbookSettings)
      .set({ ...input, updated_at: now(ctx) })
      .where(eq(cashbookSettings.country_id, countryId));
  });
  return getSettings(ctx, viewer);
}
