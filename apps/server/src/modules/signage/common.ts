import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SIGNAGE_MSG } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { customers, signageDevices, signageFiles } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { customerCountryFilter } from '../customers/index.js';

/** The signage services work with the storage besides the database. */
export type SignageCtx = ServiceCtx & Pick<AppContext, 'storage'>;

export const MSG = SIGNAGE_MSG;
export const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Storage folder of the signage media (the orphan cleaner knows it by signage_files.stored_name). */
export const SIGNAGE_FOLDER = 'signage';
/** Where staff fetch a file (protected, signed in) and where a screen fetches it (device key). */
export const staffFilePath = (storedName: string) => `/protected-files/uploads/${SIGNAGE_FOLDER}/${storedName}`;
export const deviceMediaUrl = (fileId: number) => `/ds/api/media/${fileId}`;

/** The device key: 32 random bytes, shown once; only its sha256 is kept (a random key needs no slow hash). */
export const newDeviceKey = () => randomBytes(32).toString('base64url');
export const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');
/** Six digits, easy to read off a screen across a room and to type. */
export const newActivationCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export async function loadDevice(db: DbOrTx, id: number, forUpdate = false) {
  const q = db.select().from(signageDevices).where(eq(signageDevices.id, id));
  const [d] = forUpdate ? await q.for('update') : await q;
  if (!d) throw notFound(MSG.deviceNotFound);
  return d;
}

/** A customer staff may give a device or schedule: one of the viewer's country (an admin: any), else 404. */
export async function loadCustomer(db: DbOrTx, viewer: Viewer, id: number) {
  const [c] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, id), customerCountryFilter(viewer)));
  if (!c) throw notFound(MSG.customerNotFound);
  return c;
}

/** Every file id exists (one query), else 404 naming the file. */
export async function assertFilesExist(db: DbOrTx, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(signageFiles)
    .where(sql`${signageFiles.id} in ${unique}`);
  if ((row?.n ?? 0) !== unique.length) throw notFound(MSG.fileNotFound);
}
