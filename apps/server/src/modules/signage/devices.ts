import { and, asc, count, desc, eq, ilike, isNotNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ACTIVATION_MAX_TRIES,
  daysRemaining,
  effectiveStatus,
  licenseOneYearFrom,
  viennaDay,
  type DeviceRow,
  type DeviceStatusRow,
  type EffectiveStatus,
  type SignageOverview,
  type UpdateDeviceInput,
  type Message,
  COMMON_MSG,
} from '@portal/shared';
import { customers, signageDevices, signageFiles } from '../../db/schema/index.js';
import { badRequest, RateLimited } from '../../platform/errors.js';
import { takeRateLimit } from '../../platform/db-rate-limit.js';
import { descNullsLast, likeEscape } from '../../platform/db-helpers.js';
import { now as nowOf, type ServiceCtx, type Viewer } from '../../platform/service.js';
import { iso, loadCustomer, loadDevice, MSG } from './common.js';
import { contentVersion } from './content-cache.js';
import { fleetCountColumn, fleetTotal, fleetVersion } from './fleet-count.js';
import { healthOf } from './health.js';
import { flushHeartbeats, withQueuedHeartbeats } from './heartbeats.js';
import { playlistsChanged } from './push.js';

/**
 * Devices as staff see them: the list with effective status and days remaining, the overview, the
 * status board, and the commands (edit, lock, customer, activation). Every signage caller is staff
 * with the digital_signage flag (the route's preset); devices belong to no country or agent, so the
 * viewer adds no further rule.
 */

/** The file a screen last reported on screen (the status board's page). */
const playingFile = alias(signageFiles, 'playing_file');

const deviceColumns = {
  d: signageDevices,
  customer_name: customers.firma,
  customer_email: customers.email,
  stripe_cu_id: customers.stripe_cu_id,
};

type JoinedDevice = {
  d: typeof signageDevices.$inferSelect;
  customer_name: string | null;
  customer_email: string | null;
  stripe_cu_id: string | null;
};

function toRow(r: JoinedDevice, now: Date): DeviceRow {
  const { d } = r;
  return {
    device_id: d.id,
    device_name: d.device_name,
    uuid: d.uuid,
    device_type: d.device_type,
    location: d.location,
    status: d.status as DeviceRow['status'],
    effective_status: effectiveStatus(d, now),
    license_until: d.license_until,
    days_remaining: daysRemaining(d.license_until, now),
    last_seen: iso(d.last_seen),
    customer_id: d.customer_id,
    customer_name: r.customer_name,
    customer_email: r.customer_email,
    stripe_cu_id: r.stripe_cu_id,
    activation_locked: d.activation_tries >= ACTIVATION_MAX_TRIES,
    created_at: d.created_at.toISOString(),
  };
}

/**
 * The effective status in SQL, mirroring effectiveStatus(): expired when the licence's last day is
 * today (Vienna) or earlier. `today` is computed in JavaScript so the clock is the one of the rule.
 */
function effectiveIs(status: EffectiveStatus, today: string): SQL {
  const d = signageDevices;
  switch (status) {
    case 'locked':
      return sql`${d.status} = 'locked'`;
    case 'pending':
      return sql`${d.status} not in ('locked', 'active')`;
    case 'expired':
      return sql`${d.status} = 'active' and ${d.license_until} is not null and ${d.license_until} <= ${today}::date`;
    case 'active':
      return sql`${d.status} = 'active' and (${d.license_until} is null or ${d.license_until} > ${today}::date)`;
  }
}

export async function listDevices(
  ctx: ServiceCtx,
  _viewer: Viewer,
  input: { status: 'all' | EffectiveStatus; q: string; limit: number; offset: number },
): Promise<{ rows: DeviceRow[]; total: number }> {
  const now = nowOf(ctx);
  const filters: SQL[] = [];
  if (input.status !== 'all') filters.push(effectiveIs(input.status, viennaDay(now)));
  if (input.q) {
    const p = `%${likeEscape(input.q)}%`;
    filters.push(
      or(ilike(signageDevices.device_name, p), ilike(signageDevices.location, p), ilike(customers.firma, p))!,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  await flushHeartbeats(ctx.db);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(deviceColumns)
      .from(signageDevices)
      .leftJoin(customers, eq(customers.id, signageDevices.customer_id))
      .where(where)
      .orderBy(desc(signageDevices.id))
      .limit(input.limit)
      .offset(input.offset),
    ctx.db
      .select({ n: count() })
      .from(signageDevices)
      .leftJoin(customers, eq(customers.id, signageDevices.customer_id))
      .where(where),
  ]);
  return { rows: rows.map((r) => toRow(r, now)), total: total?.n ?? 0 };
}

export async function getDevice(ctx: ServiceCtx, _viewer: Viewer, input: { deviceId: number }): Promise<DeviceRow> {
  await loadDevice(ctx.db, input.deviceId);
  await flushHeartbeats(ctx.db);
  const [r] = await ctx.db
    .select(deviceColumns)
    .from(signageDevices)
    .leftJoin(customers, eq(customers.id, signageDevices.customer_id))
    .where(eq(signageDevices.id, input.deviceId));
  return toRow(r!, nowOf(ctx));
}

/**
 * Name, place, licence and lock. `status: 'active'` lifts a lock: the device is active again when it
 * was activated before, else it waits for its code (pending); activation itself needs the code.
 */
export async function updateDevice(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { deviceId: number; patch: UpdateDeviceInput },
) {
  const { patch } = input;
  await ctx.db.transaction(async (tx) => {
    const d = await loadDevice(tx, input.deviceId, true);
    const set: Partial<typeof signageDevices.$inferInsert> = { updated_at: nowOf(ctx) };
    if (patch.device_name !== undefined) set.device_name = patch.device_name;
    if (patch.location !== undefined) set.location = patch.location;
    if (patch.license_until !== undefined) set.license_until = patch.license_until;
    if (patch.status === 'locked') set.status = 'locked';
    if (patch.status === 'active' && d.status === 'locked') set.status = d.activated_at ? 'active' : 'pending';
    await tx.update(signageDevices).set(set).where(eq(signageDevices.id, d.id));
  });
  // Status, lock and licence decide what it plays (its name is in the answer too).
  await playlistsChanged(ctx.db, { deviceIds: [input.deviceId] });
  return getDevice(ctx, viewer, { deviceId: input.deviceId });
}

export async function assignCustomer(ctx: ServiceCtx, viewer: Viewer, input: { deviceId: number; customerId: number }) {
  await ctx.db.transaction(async (tx) => {
    await loadDevice(tx, input.deviceId, true);
    await loadCustomer(tx, viewer, input.customerId);
    await tx
      .update(signageDevices)
      .set({ customer_id: input.customerId, updated_at: nowOf(ctx) })
      .where(eq(signageDevices.id, input.deviceId));
  });
  // The customer's schedules now play on it.
  await playlistsChanged(ctx.db, { deviceIds: [input.deviceId] });
  return getDevice(ctx, viewer, { deviceId: input.deviceId });
}

export async function removeCustomer(ctx: ServiceCtx, viewer: Viewer, input: { deviceId: number }) {
  await ctx.db.transaction(async (tx) => {
    await loadDevice(tx, input.deviceId, true);
    await tx
      .update(signageDevices)
      .set({ customer_id: null, updated_at: nowOf(ctx) })
      .where(eq(signageDevices.id, input.deviceId));
  });
  await playlistsChanged(ctx.db, { deviceIds: [input.deviceId] });
  return getDevice(ctx, viewer, { deviceId: input.deviceId });
}

export type VerifyResult = { ok: true; device: DeviceRow } | { ok: false; message: Message };

/**
 * Checks the code the screen shows and, with it, gives the device its customer (`customerId`, else
 * the one it has; it needs one: what would it play otherwise). Right: one transaction sets the
 * customer and makes the device active (licence one year ahead unless staff set one). Wrong: nothing
 * changes but the try count; after five the code is dead until the screen registers anew, so the six
 * digits cannot be guessed.
 *
 * The try is taken before the code is compared, by one conditional UPDATE (`activation_tries + 1 …
 * where activation_tries < 5 returning`), so concurrent guesses cannot compare more than five times;
 * the right code gives it back (the count goes to 0 with the activation).
 */
export async function verifyActivation(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { deviceId: number; code: string; customerId?: number | null | undefined; deviceName?: string | null },
): Promise<VerifyResult> {
  const now = nowOf(ctx);
  const d = signageDevices;
  const outcome = await ctx.db.transaction(async (tx) => {
    const device = await loadDevice(tx, input.deviceId);
    if (!input.customerId && !device.customer_id) throw badRequest(MSG.customerRequired);
    if (input.customerId) await loadCustomer(tx, viewer, input.customerId);
    const [taken] = await tx
      .update(d)
      .set({ activation_tries: sql`${d.activation_tries} + 1`, updated_at: now })
      .where(
        and(
          eq(d.id, device.id),
          lt(d.activation_tries, ACTIVATION_MAX_TRIES),
          isNotNull(d.activation_code),
          ne(d.status, 'locked'),
        ),
      )
      .returning({
        code: d.activation_code,
        tries: d.activation_tries,
        customer_id: d.customer_id,
        license_until: d.license_until,
      });
    if (!taken) return { ok: false as const, message: MSG.codeLocked };
    if (taken.code !== input.code)
      return { ok: false as const, message: taken.tries >= ACTIVATION_MAX_TRIES ? MSG.codeLocked : MSG.codeWrong };
    // The row is this transaction's since the UPDATE: the customer read with it is the current one.
    const customerId = input.customerId ?? taken.customer_id;
    if (!customerId) throw badRequest(MSG.customerRequired);
    await tx
      .update(d)
      .set({
        customer_id: customerId,
        ...(input.deviceName && { device_name: input.deviceName }),
        status: 'active',
        activated_at: now,
        license_until: taken.license_until ?? licenseOneYearFrom(now),
        activation_code: null,
        activation_tries: 0,
        updated_at: now,
      })
      .where(eq(d.id, device.id));
    return { ok: true as const };
  });
  if (!outcome.ok) return outcome;
  // Active now: the screen leaves its code for its content at once.
  await playlistsChanged(ctx.db, { deviceIds: [input.deviceId] });
  return { ok: true, device: await getDevice(ctx, viewer, { deviceId: input.deviceId }) };
}

/** Codes a staff member may try in ten minutes with "Gerät hinzufügen" (six digits must not be guessable). */
export const ACTIVATE_BY_CODE_TRIES = 20;
const ACTIVATE_BY_CODE_WINDOW_MS = 10 * 60_000;

/**
 * "Gerät hinzufügen": the six digits a screen shows find its device (the newest one still showing
 * them), which is then activated for the customer as `verifyActivation` does (the same try count and
 * lock). Every try counts against the caller (ACTIVATE_BY_CODE_TRIES per ten minutes, then 429), so
 * the codes of all pending screens cannot be walked through; a code no screen shows is 400 `codeWrong`.
 */
export async function activateByCode(
  ctx: ServiceCtx,
  viewer: Viewer,
  input: { code: string; customerId: number; deviceName?: string | null },
): Promise<VerifyResult> {
  const limit = await takeRateLimit(
    ctx.db,
    `signage-code:${viewer.id}`,
    ACTIVATE_BY_CODE_TRIES,
    ACTIVATE_BY_CODE_WINDOW_MS,
  );
  if (!limit.ok) throw new RateLimited(COMMON_MSG.tooManyRequests, limit.retryAfterSeconds);
  const d = signageDevices;
  const [device] = await ctx.db
    .select({ id: d.id })
    .from(d)
    .where(and(eq(d.activation_code, input.code), ne(d.status, 'locked')))
    .orderBy(desc(d.created_at), desc(d.id))
    .limit(1);
  if (!device) return { ok: false, message: MSG.codeWrong };
  return verifyActivation(ctx, viewer, {
    deviceId: device.id,
    code: input.code,
    customerId: input.customerId,
    deviceName: input.deviceName,
  });
}

/** Counts by effective status, registrations per month (last 12 months, Vienna months) and by type. */
export async function overview(ctx: ServiceCtx, _viewer: Viewer): Promise<SignageOverview> {
  const now = nowOf(ctx);
  const today = viennaDay(now);
  const d = signageDevices;
  const countIf = (cond: SQL) => sql<number>`count(*) filter (where ${cond})::int`;
  const [[stats], months, types] = await Promise.all([
    ctx.db
      .select({
        total: sql<number>`count(*)::int`,
        active: countIf(effectiveIs('active', today)),
        pending: countIf(effectiveIs('pending', today)),
        locked: countIf(effectiveIs('locked', today)),
        expired: countIf(effectiveIs('expired', today)),
      })
      .from(d),
    ctx.db
      .select({
        month: sql<string>`to_char(${d.created_at} at time zone 'Europe/Vienna', 'YYYY-MM')`,
        total: sql<number>`count(*)::int`,
      })
      .from(d)
      .where(
        sql`${d.created_at} >= date_trunc('month', (now() at time zone 'Europe/Vienna') - interval '11 months') at time zone 'Europe/Vienna'`,
      )
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    ctx.db
      .select({ device_type: d.device_type, total: sql<number>`count(*)::int` })
      .from(d)
      .groupBy(d.device_type)
      .orderBy(desc(sql`2`), asc(d.device_type)),
  ]);
  // Every one of the last 12 months appears, an empty one with 0, so the chart has no gaps.
  const devicesByMonth: Record<string, number> = {};
  const [y, m] = today.split('-').map(Number);
  for (let i = 11; i >= 0; i--) {
    const dt = new Date(Date.UTC(y!, m! - 1 - i, 1));
    devicesByMonth[dt.toISOString().slice(0, 7)] = 0;
  }
  for (const r of months) if (r.month in devicesByMonth) devicesByMonth[r.month] = r.total;
  return {
    stats: stats ?? { total: 0, active: 0, pending: 0, locked: 0, expired: 0 },
    devicesByMonth,
    byType: types,
  };
}

/**
 * The status board's page in one statement (one round trip: the board is asked every few seconds while
 * the fleet polls). The page's ids come first, from signage_devices_last_seen_idx alone (whatever the
 * planner thinks of the join while thousands of heartbeats a minute move the rows), then their columns;
 * the fleet's version and, while none is kept, its count ride along on each row (fleet-count.ts), and
 * so does the name of the file each screen last reported on screen. Limit and offset are written into
 * the text (whole numbers, checked by the call's schema): a statement without parameters is planned
 * once per connection, where a parameterised one was planned again on every call (1 to 1.5 ms of its 4
 * under the fleet's load). Exported for the plan test.
 */
export function statusPageQuery(ctx: ServiceCtx, input: { limit: number; offset: number }) {
  // Both keys as the index holds them (db-helpers.ts `descNullsLast`): with `id desc` (nulls first)
  // the planner sorted the whole fleet for each page.
  const order = [descNullsLast(signageDevices.last_seen), descNullsLast(signageDevices.id)];
  const whole = (n: number) => sql.raw(String(Math.trunc(n)));
  const page = sql`(select ${signageDevices.id} from ${signageDevices} order by ${sql.join(order, sql`, `)} limit ${whole(input.limit)} offset ${whole(input.offset)}) as page`;
  return ctx.db
    .select({
      ...deviceColumns,
      content_version: contentVersion,
      fleet_version: fleetVersion,
      fleet_count: fleetCountColumn(ctx).as('fleet_count'),
      playing_file_name: playingFile.file_name,
    })
    .from(page)
    .innerJoin(signageDevices, sql`${signageDevices.id} = page.id`)
    .leftJoin(customers, eq(customers.id, signageDevices.customer_id))
    .leftJoin(playingFile, eq(playingFile.id, signageDevices.now_playing_file_id))
    .orderBy(...order);
}

/**
 * Every device online or offline by its last poll, what its last playlist held, and what it reported
 * of itself (issue 33: the file on screen, whether its version is current, its cache and build).
 */
export async function deviceStatus(
  ctx: ServiceCtx,
  _viewer: Viewer,
  input: { limit: number; offset: number },
): Promise<{ rows: DeviceStatusRow[]; total: number }> {
  const now = nowOf(ctx);
  const read = await statusPageQuery(ctx, input);
  const total = await fleetTotal(ctx, read[0]);
  // The polls this process answered in the last second, not written yet, count (heartbeats.ts).
  const devices = withQueuedHeartbeats(
    ctx.db,
    read.map((r) => ({ ...r.d, content_version: Number(r.content_version) })),
  );
  // Beside the poll's record, the screen's own report and the server's view of it (health.ts).
  const names = new Map(
    read.flatMap((r) => (r.playing_file_name ? [[r.d.now_playing_file_id!, r.playing_file_name]] : [])),
  );
  const health = await healthOf(ctx, devices, now, names);
  const rows = read.map((r, i) => ({ ...r, d: devices[i]! }));
  return {
    rows: rows.map((r) => ({
      device_id: r.d.id,
      device_name: r.d.device_name,
      customer_name: r.customer_name,
      effective_status: effectiveStatus(r.d, now),
      last_seen: iso(r.d.last_seen),
      playing: r.d.playing,
      ...health.get(r.d.id)!,
    })),
    total,
  };
}

/** Devices that have a customer, for the customers screen (the ids are given, the page is small). */
export async function devicesOfCustomers(ctx: ServiceCtx, customerIds: number[]) {
  if (customerIds.length === 0) return [];
  const now = nowOf(ctx);
  const rows = await ctx.db
    .select({ d: signageDevices })
    .from(signageDevices)
    .where(and(isNotNull(signageDevices.customer_id), sql`${signageDevices.customer_id} in ${customerIds}`))
    .orderBy(asc(signageDevices.id));
  return rows.map(({ d }) => ({
    customer_id: d.customer_id!,
    device_id: d.id,
    device_name: d.device_name,
    effective_status: effectiveStatus(d, now),
  }));
}
