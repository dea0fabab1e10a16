import { ROLE_IDS } from '@portal/shared';
import type { Db } from './client.js';
import { agentLevels, countries, roles } from './schema/index.js';

export const COUNTRY_ROWS = [
  { id: 1, country_name: 'Österreich', code: 'AT' },
  { id: 2, country_name: 'Ägypten', code: 'EG' },
];
export const ROLE_ROWS = Object.entries(ROLE_IDS).map(([role_name, id]) => ({ id, role_name }));
export const AGENT_LEVEL_ROWS = [
  { id: 1, level_name: '1st Level' },
  { id: 2, level_name: '2nd Level' },
  { id: 3, level_name: 'Teamleitung' },
];

/** Reference data is part of every installation, demo seed or not; it is ensured at each start. */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(countries).values(COUNTRY_ROWS).onConflictDoNothing();
    await tx.insert(roles).values(ROLE_ROWS).onConflictDoNothing();
    await tx.insert(agentLevels).values(AGENT_LEVEL_ROWS).onConflictDoNothing();
  });
}
