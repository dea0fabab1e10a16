import { asc, eq, inArray } from 'drizzle-orm';
import {
  COUNTRY,
  cashbookAddMonths,
  cashbookMonthOf,
  computeClosing,
  latestClosableMonth,
  type CashbookType,
} from '@portal/shared';
import type { Db } from '../db/client.js';
import { cashbookCategories, cashbookClosings, cashbookSettings, customers, users } from '../db/schema/index.js';
import { appendEntry, lockCashbook } from '../modules/cashbook/chain.js';
import { viennaMonthEnd, viennaMonthStart } from '../modules/cashbook/common.js';
import { totalsBetween } from '../modules/cashbook/figures.js';

// Deterministic pseudo-random numbers, so every fresh demo database looks the same.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const CATEGORIES: { name: string; description: string; type: CashbookType; amounts: [number, number] }[] = [
  { name: 'Barverkauf', description: 'Verkauf von Zubehör gegen Barzahlung', type: 'income', amounts: [1500, 18000] },
  { name: 'Schulung', description: 'Kassenschulung vor Ort, bar bezahlt', type: 'income', amounts: [8000, 24000] },
  { name: 'Büromaterial', description: 'Papier, Bonrollen, Toner', type: 'expense', amounts: [500, 6000] },
  { name: 'Porto', description: 'Briefmarken und Paketversand', type: 'expense', amounts: [300, 2500] },
  { name: 'Reinigung', description: 'Reinigungsmittel und Dienste', type: 'expense', amounts: [1000, 9000] },
];
const TEXTS: Record<string, string[]> = {
  Barverkauf: ['Bonrollen 10 Stück', 'Kassenlade', 'Kundendisplay', 'Barcodescanner'],
  Schulung: ['Einschulung Kassa', 'Nachschulung Personal', 'Schulung Tischplan'],
  Büromaterial: ['Kopierpapier', 'Bonrollen Vorrat', 'Toner Drucker', 'Ordner und Mappen'],
  Porto: ['Paket an Kunden', 'Einschreiben', 'Briefmarken'],
  Reinigung: ['Reinigungsmittel', 'Fensterreinigung', 'Müllsäcke'],
};

/**
 * Demo data of the cashbook: for Austria and Egypt a register, categories, entries on working days
 * of the last four months (through the same chain function as the API, so the chain check holds),
 * one reversal, and closings of the two oldest months; last month stays open to be closed.
 */
export async function seedDemoCashbook(db: Db): Promise<void> {
  const staff = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@demo.at', 'agent.at@demo.at', 'agent.eg@demo.at']));
  const idOf = (email: string) => staff.find((s) => s.email === email)?.id;
  const now = new Date();
  const plans = [
    {
      country: COUNTRY.AT,
      users: [idOf('agent.at@demo.at'), idOf('admin@demo.at')],
      register: { register_name: 'Hauptkasse Wien', register_address: 'Währinger Straße 12, 1190 Wien' },
      start: 50000,
    },
    {
      country: COUNTRY.EG,
      users: [idOf('agent.eg@demo.at')],
      register: { register_name: 'Kasse Kairo', register_address: '12 Tahrir Square, Kairo' },
      start: 20000,
    },
  ];
  for (const plan of plans) {
    const people = plan.users.filter((u): u is number => u !== undefined);
    if (!people.length) continue;
    const random = rng(2026 + plan.country);
    await db.transaction(async (tx) => {
      await lockCashbook(tx, plan.country);
      await tx
        .update(cashbookSettings)
        .set({ ...plan.register, starting_balance: plan.start })
        .where(eq(cashbookSettings.country_id, plan.country));
      const cats = await tx
        .insert(cashbookCategories)
        .values(
          CATEGORIES.map(({ name, description, type }) => ({ name, description, type, country_id: plan.country })),
        )
        .returning();
      const known = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.country_id, plan.country))
        .orderBy(asc(customers.kundennummer))
        .limit(5);
      // Entries from the first day of the month three months back until yesterday, on working days.
      const firstMonth = cashbookAddMonths(cashbookMonthOf(now), -3);
      let invoice = 1;
      for (
        let d = new Date(`${firstMonth}-01T09:00:00Z`);
        d.getTime() < now.getTime() - 86_400_000;
        d = new Date(d.getTime() + 86_400_000)
      ) {
        if (d.getUTCDay() === 0 || d.getUTCDay() === 6 || random() < 0.45) continue;
        const cat = cats[Math.floor(random() * cats.length)]!;
        const spec = CATEGORIES.find((c) => c.name === cat.name)!;
        const amount = Math.round((spec.amounts[0] + random() * (spec.amounts[1] - spec.amounts[0])) / 10) * 10;
        const texts = TEXTS[cat.name]!;
        const at = new Date(d.getTime() + Math.floor(random() * 8 * 3600) * 1000);
        const income = cat.type === 'income';
        await appendEntry(tx, {
          country_id: plan.country,
          transaction_date: at,
          recorded_at: at,
          type: cat.type as CashbookType,
          amount,
          category_id: cat.id,
          description: texts[Math.floor(random() * texts.length)]!,
          invoice_number: income ? `RE-${at.getUTCFullYear()}-${String(invoice++).padStart(4, '0')}` : null,
          customer_id: income && known.length && random() < 0.7 ? known[Math.floor(random() * known.length)]!.id : null,
          user_id: people[Math.floor(random() * people.length)]!,
          reverses_id: null,
        });
      }
      // One mistaken entry, corrected by a reversal right after it (both in the current month).
      const mistake = await appendEntry(tx, {
        country_id: plan.country,
        transaction_date: new Date(now.getTime() - 3 * 3600_000),
        recorded_at: new Date(now.getTime() - 3 * 3600_000),
        type: 'expense',
        amount: 4200,
        category_id: cats.find((c) => c.name === 'Büromaterial')!.id,
        description: 'Toner (doppelt gebucht)',
        invoice_number: null,
        customer_id: null,
        user_id: people[0]!,
        reverses_id: null,
      });
      await appendEntry(tx, {
        country_id: plan.country,
        transaction_date: new Date(now.getTime() - 2 * 3600_000),
        recorded_at: new Date(now.getTime() - 2 * 3600_000),
        type: 'expense',
        amount: -4200,
        category_id: mistake.category_id,
        description: 'doppelt gebucht',
        description_kind: 'reversal',
        description_params: { reversal_of_seq: mistake.seq, reason: 'doppelt gebucht' },
        invoice_number: null,
        customer_id: null,
        user_id: people[0]!,
        reverses_id: mistake.id,
      });
      // Closings of the months three and two back; last month stays open.
      let opening = plan.start;
      for (const back of [3, 2]) {
        const month = cashbookAddMonths(cashbookMonthOf(now), -back);
        if (month > latestClosableMonth(now)) break;
        const sums = await totalsBetween(tx, plan.country, viennaMonthStart(month), viennaMonthEnd(month));
        const figures = computeClosing({
          opening_balance: opening,
          total_income: sums.income,
          total_expenses: sums.expenses,
          physical_balance: 0,
        });
        const counted = figures.closing_balance - (back === 3 ? 0 : 150);
        await tx.insert(cashbookClosings).values({
          country_id: plan.country,
          month: `${month}-01`,
          ...computeClosing({ ...figures, physical_balance: counted }),
          notes: back === 3 ? 'Kassasturz ohne Differenz' : 'Fehlbetrag 1,50 €: Wechselgeld',
          created_by: people[0]!,
          created_at: new Date(`${cashbookAddMonths(month, 1)}-02T08:00:00Z`),
        });
        opening = figures.closing_balance;
      }
    });
  }
}
