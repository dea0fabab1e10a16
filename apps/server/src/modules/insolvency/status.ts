import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { customers, insolvencyCases } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/client.js';
import { correlated } from '../../platform/db-helpers.js';

/**
 * "Insolvenz" beside a company (task modal, RKSV order dialog): whether the customer has an active
 * insolvency case. For other areas' queries: a boolean column expression, no extra round trip.
 *
 *   db.select({ ..., insolvent: insolventSql(rksvOrders.customer_id) })
 *   db.select({ ..., insolvent: insolventByNumberSql(tasks.kundennummer) })
 *
 * Both are `correlated`: the outer column stays qualified in a one-table select too.
 */
export function insolventSql(customerId: AnyColumn | SQL): SQL<boolean> {
  return correlated(
    sql<boolean>`exists (select 1 from ${insolvencyCases} where ${insolvencyCases.customer_id} = ${customerId} and ${insolvencyCases.status} = 'active')`,
  );
}

/** The same for a customer known by its number (tasks keep kundennummer, not the customer's id). */
export function insolventByNumberSql(kundennummer: AnyColumn | SQL): SQL<boolean> {
  return correlated(
    sql<boolean>`exists (select 1 from ${insolvencyCases} join ${customers} on ${customers.id} = ${insolvencyCases.customer_id} where ${customers.kundennummer} = ${kundennummer} and ${insolvencyCases.status} = 'active')`,
  );
}

/** One customer, by number: has it an active case? (false for no number or an unknown one) */
export async function isInsolventByNumber(db: DbOrTx, kundennummer: string | null): Promise<boolean> {
  if (!kundennummer) return false;
  const [row] = await db
    .select({ id: insolvencyCases.id })
    .from(insolvencyCases)
    .innerJoin(customers, eq(customers.id, insolvencyCases.customer_id))
    .where(and(eq(customers.kundennummer, kundennummer), eq(insolvencyCases.status, 'active')))
    .limit(1);
  return Boolean(row);
}
