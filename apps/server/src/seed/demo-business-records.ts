import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { customerBranches, customers, newsPosts, newsTranslations, users } from '../db/schema/index.js';

const DAY = 86_400_000;

/**
 * Demo data of the business dashboard's records (issue 21): two news posts of the admin (one in all
 * four languages, one in German and English) and a branch of the demo customer 10001, whose account
 * is kunde@demo.at. Seeded after the customers and accounts.
 */
export async function seedDemoBusinessRecords(db: Db): Promise<void> {
  const [hirsch] = await db.select({ id: customers.id }).from(customers).where(eq(customers.kundennummer, '10001'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.at'));
  if (hirsch) {
    await db.insert(customerBranches).values({
      customer_id: hirsch.id,
      name: 'Zum Goldenen Hirschen – Heuriger',
      address: 'Grinzinger Straße 12',
      zipcode: '1190',
      city: 'Wien',
      phone: '+43 1 3201234',
      opening_hours: 'Mi–So 15:00–23:00',
    });
  }
  const posts = [
    {
      published_from: new Date(Date.now() - 10 * DAY),
      texts: {
        de: ['Neue Öffnungszeiten der Hotline', 'Unsere Hotline ist jetzt Montag bis Freitag von 08:00 bis 17:00 erreichbar; Notfälle rund um die Uhr.'],
        en: ['New hotline hours', 'Our hotline is now open Monday to Friday, 08:00 to 17:00; emergencies around the clock.'],
      },
    },
    {
      published_from: new Date(Date.now() - 3 * DAY),
      texts: {
        de: ['Kassenversion 5.2 verfügbar', 'Die neue Version bringt den schnelleren Tagesabschluss und den DEP-Export auf Knopfdruck.'],
        en: ['Till version 5.2 available', 'The new version brings a faster end-of-day closing and the DEP export at the push of a button.'],
        fr: ['Version de caisse 5.2 disponible', 'La nouvelle version apporte une clôture journalière plus rapide et l’export DEP en un clic.'],
        ar: ['إصدار الكاشير 5.2 متاح', 'يوفر الإصدار الجديد إغلاقًا يوميًا أسرع وتصدير DEP بضغطة زر.'],
      },
    },
  ];
  for (const p of posts) {
    const [post] = await db
      .insert(newsPosts)
      .values({ published_from: p.published_from, created_by: admin?.id ?? null })
      .returning({ id: newsPosts.id });
    await db
      .insert(newsTranslations)
      .values(Object.entries(p.texts).map(([lang, [title, text]]) => ({ news_id: post!.id, lang, title: title!, text: text! })));
  }
}
