import { sql } from 'drizzle-orm';
import { COUNTRY, ROLE_IDS, TASK_TYPE } from '@portal/shared';
import type { Db } from './client.js';
import { agentLevels, countries, roles, taskTypes } from './schema/index.js';

export const COUNTRY_ROWS = [
  { id: COUNTRY.AT, country_name: 'Österreich', code: 'AT' },
  { id: COUNTRY.EG, country_name: 'Ägypten', code: 'EG' },
];
export const ROLE_ROWS = Object.entries(ROLE_IDS).map(([role_name, id]) => ({ id, role_name }));
export const AGENT_LEVEL_ROWS = [
  { id: 1, level_name: '1st Level' },
  { id: 2, level_name: '2nd Level' },
  { id: 3, level_name: 'Teamleitung' },
];

export const TASK_TYPE_ROWS = [
  { id: TASK_TYPE.support, tasktype: 'Support', description: 'Reguläre Support-Anfrage' },
  { id: TASK_TYPE.emergency, tasktype: 'Emergency Support', description: 'Notfall-Support (kostenpflichtig, 24/7)' },
  { id: TASK_TYPE.menu, tasktype: 'Menüänderung', description: 'Änderung von Speisekarte und Preisen' },
  { id: TASK_TYPE.switch, tasktype: 'Firmenwechsel', description: 'Übernahme eines Lokals durch eine neue Firma' },
  { id: TASK_TYPE.dep, tasktype: 'DEP Export', description: 'Export der Datenerfassungsprotokolle (DEP7, DEP131)' },
  { id: TASK_TYPE.integration, tasktype: 'Integration', description: 'Anbindung von Drittsystemen' },
  { id: TASK_TYPE.rksv, tasktype: 'RKSV', description: 'Signaturkarte und Registrierkassensicherheit' },
];

/**
 * The shop's two products with their default prices (gross cents, 20 % VAT included). They are
 * inserted once; afterwards the rows are the configuration (a changed price stays changed).
 */
export const PRODUCT_DEFAULTS = [
  {
    kind: 'main',
    name: 'Signaturkarte RKSV 2025',
    description: 'Signaturerstellungseinheit (Smartcard) für Registrierkassen nach RKSV, 5 Jahre gültig',
    price: 6900,
  },
  { kind: 'shipping', name: 'Versand innerhalb Österreichs', description: 'Versand per Post', price: 690 },
] as const;

/** Reference data is part of every installation, demo seed or not; it is ensured at each start. */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(countries).values(COUNTRY_ROWS).onConflictDoNothing();
    await tx.insert(roles).values(ROLE_ROWS).onConflictDoNothing();
    await tx.insert(agentLevels).values(AGENT_LEVEL_ROWS).onConflictDoNothing();
    await tx.insert(taskTypes).values(TASK_TYPE_ROWS).onConflictDoNothing();
    for (const p of PRODUCT_DEFAULTS) {
      await tx.execute(sql`
        insert into products (kind, name, description, price)
        select ${p.kind}::text, ${p.name}::text, ${p.description}::text, ${p.price}::int
        where not exists (select 1 from products where kind = ${p.kind}::text)
        on conflict do nothing`);
    }
  });
}
