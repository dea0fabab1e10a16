import { ROLE_IDS } from '@portal/shared';
import type { Db } from './client.js';
import { agentLevels, countries, roles, taskTypes } from './schema/index.js';

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

export const TASK_TYPE_ROWS = [
  { id: 1, tasktype: 'Support', description: 'Reguläre Support-Anfrage' },
  { id: 2, tasktype: 'Emergency Support', description: 'Notfall-Support (kostenpflichtig, 24/7)' },
  { id: 3, tasktype: 'Menüänderung', description: 'Änderung von Speisekarte und Preisen' },
  { id: 4, tasktype: 'Firmenwechsel', description: 'Übernahme eines Lokals durch eine neue Firma' },
  { id: 5, tasktype: 'DEP Export', description: 'Export der Datenerfassungsprotokolle (DEP7, DEP131)' },
  { id: 6, tasktype: 'Integration', description: 'Anbindung von Drittsystemen' },
  { id: 7, tasktype: 'RKSV', description: 'Signaturkarte und Registrierkassensicherheit' },
];

/** Reference data is part of every installation, demo seed or not; it is ensured at each start. */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(countries).values(COUNTRY_ROWS).onConflictDoNothing();
    await tx.insert(roles).values(ROLE_ROWS).onConflictDoNothing();
    await tx.insert(agentLevels).values(AGENT_LEVEL_ROWS).onConflictDoNothing();
    await tx.insert(taskTypes).values(TASK_TYPE_ROWS).onConflictDoNothing();
  });
}
