import { eq, inArray } from 'drizzle-orm';
import { signageDevices } from '../../db/schema/index.js';
import type { DeviceChannel } from '../../platform/realtime.js';
import { afterCommit } from '../../platform/unit-of-work.js';
import { now as nowOf, type DbOrTx, type ServiceCtx } from '../../platform/service.js';
import { keyHash } from './common.js';
import { presentedKey } from './player.js';
import { candidatesOf, playlistOf } from './playlist-content.js';

/**
 * A change reaches a screen within seconds: every write that touches what a device plays queues its
 * devices (`playlistsChanged`), and after commit each of them hears `playlist_changed {version}` on the
 * screens' socket namespace (platform/realtime.ts), which this area opens with `deviceChannel`.
 *
 * The version is computed for all the devices of a change at once (`candidatesOf`: three queries for a
 * schedule reaching a thousand screens), with the code of the playlist call, so a screen compares it
 * with the version it plays and asks only when it differs.
 */

/** A device's socket room. It names the key too: a key replaced by a new registration leaves its socket deaf. */
const deviceRoom = (d: { id: number; key_hash: string }) => `device:${d.id}:${d.key_hash.slice(0, 16)}`;

/** What the screens' namespace needs of this area: the key check of the playlist call, and versions. */
export function deviceChannel(ctx: ServiceCtx): DeviceChannel {
  return {
    async roomOfKey(key) {
      if (!presentedKey(`Device ${key}`)) return null;
      const [d] = await ctx.db
        .select({ id: signageDevices.id, key_hash: signageDevices.key_hash })
        .from(signageDevices)
        .where(eq(signageDevices.key_hash, keyHash(key)));
      return d ? deviceRoom(d) : null;
    },
    async versions(deviceIds) {
      const devices = await ctx.db.select().from(signageDevices).where(inArray(signageDevices.id, deviceIds));
      const candidates = await candidatesOf(ctx, devices);
      const now = nowOf(ctx);
      return devices.map((d) => ({ room: deviceRoom(d), version: playlistOf(d, candidates.get(d.id)!, now).version }));
    },
  };
}

/**
 * Queues `playlist_changed` after commit for these devices and every device of these customers (whose
 * schedules play on all of them; one query). Outside a unit of work nothing would be sent: no query.
 */
export async function playlistsChanged(
  db: DbOrTx,
  input: { deviceIds?: readonly number[]; customerIds?: readonly (number | null)[] },
): Promise<void> {
  if (!afterCommit.active()) return;
  const ids = [...(input.deviceIds ?? [])];
  const customerIds = [...new Set((input.customerIds ?? []).filter((c): c is number => c !== null))];
  if (customerIds.length) {
    const ofCustomers = await db
      .select({ id: signageDevices.id })
      .from(signageDevices)
      .where(inArray(signageDevices.customer_id, customerIds));
    ids.push(...ofCustomers.map((d) => d.id));
  }
  if (ids.length) afterCommit.playlistChanged(ids);
}
