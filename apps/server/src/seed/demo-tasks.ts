import { eq, inArray } from 'drizzle-orm';
import { COUNTRY, TASK_TYPE } from '@portal/shared';
import type { Db } from '../db/client.js';
import { audits, customers, helpRequests, taskMessages, taskNotes, tasks, users } from '../db/schema/index.js';

// Deterministic pseudo-random numbers, so every fresh demo database looks the same.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const AT_KINDS = [
  'Gasthaus',
  'Café',
  'Pizzeria',
  'Heuriger',
  'Bistro',
  'Wirtshaus',
  'Restaurant',
  'Konditorei',
  'Bar',
  'Imbiss',
];
const AT_NAMES = [
  'Zur Linde',
  'Am Eck',
  'Sonnenhof',
  'Alpenblick',
  'Donau',
  'Stadtkrug',
  'Bella Vita',
  'Zum Hirschen',
  'Kaiserhof',
  'Rosengarten',
  'Seeblick',
  'Post',
  'Krone',
  'Adler',
  'Traube',
];
const AT_CITIES: [string, string][] = [
  ['1010', 'Wien'],
  ['1190', 'Wien'],
  ['4020', 'Linz'],
  ['5020', 'Salzburg'],
  ['6020', 'Innsbruck'],
  ['8010', 'Graz'],
  ['9020', 'Klagenfurt'],
  ['3100', 'St. Pölten'],
];
const EG_KINDS = ['Restaurant', 'Café', 'Koshary', 'Grill', 'Bakery'];
const EG_NAMES = [
  'Nile View',
  'Pyramids',
  'Cairo Corner',
  'Alexandria Sea',
  'Luxor Garden',
  'Zamalek',
  'Khan el-Khalili',
  'Aswan Sun',
];

const TASK_TEMPLATES: [number, string, string][] = [
  [
    TASK_TYPE.support,
    'Bondrucker druckt nicht',
    'Der Bondrucker in der Küche druckt seit der Mittagsschicht keine Bons mehr. Papier wurde bereits getauscht.',
  ],
  [
    TASK_TYPE.support,
    'Kassenlade öffnet nicht',
    'Die Kassenlade öffnet sich beim Barverkauf nicht automatisch. Manuell lässt sie sich öffnen.',
  ],
  [
    TASK_TYPE.emergency,
    'Kasse startet nicht',
    'Notfall: Hauptkasse bleibt beim Start hängen, Lokal ist voll. Bitte dringend zurückrufen.',
  ],
  [
    TASK_TYPE.menu,
    'Neue Wochenkarte',
    'Ab Montag gilt die neue Wochenkarte mit sechs Gerichten und geänderten Preisen für Getränke.',
  ],
  [
    TASK_TYPE.switch,
    'Übernahme durch neue GmbH',
    'Das Lokal wird ab dem Ersten von einer neuen GmbH geführt; UID und Firmenwortlaut ändern sich.',
  ],
  [
    TASK_TYPE.dep,
    'DEP-Export für Betriebsprüfung',
    'Die Finanz kündigt eine Prüfung an: DEP7-Export für das letzte Kalenderjahr benötigt.',
  ],
  [
    TASK_TYPE.integration,
    'Lieferdienst anbinden',
    'Der Kunde möchte Bestellungen eines Lieferdienstes direkt in der Kasse empfangen.',
  ],
  [
    TASK_TYPE.rksv,
    'Signaturkarte abgelaufen',
    'Die Kasse meldet einen Ausfall der Signaturerstellungseinheit. Neue Karte ist bestellt.',
  ],
  [
    TASK_TYPE.support,
    'Tischplan anpassen',
    'Im Gastgarten kommen zehn Tische dazu; der Tischplan in der Kasse soll erweitert werden.',
  ],
  [
    TASK_TYPE.support,
    'Kellnerschlüssel verloren',
    'Ein Kellnerschlüssel ist verloren gegangen und soll gesperrt und ersetzt werden.',
  ],
];

/** The customer's data a task carries (copied at creation, as the task form does). */
export function customerOfTask(c: typeof customers.$inferSelect) {
  return {
    kundennummer: c.kundennummer,
    firma: c.firma,
    kontaktperson: c.kontaktperson,
    plz: c.plz,
    ort: c.ort,
    adresse: c.adresse,
    telefon_firma: c.telefon,
  };
}

export async function seedDemoCustomers(db: Db) {
  const rand = rng(42);
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)]!;
  const rows: (typeof customers.$inferInsert)[] = [];
  for (let i = 0; i < 300; i++) {
    const [plz, ort] = pick(AT_CITIES);
    rows.push({
      kundennummer: String(11000 + i),
      firma: `${pick(AT_KINDS)} ${pick(AT_NAMES)} ${ort}`,
      kontaktperson: `${pick(['Maria', 'Johann', 'Elisabeth', 'Franz', 'Sabine', 'Thomas'])} ${pick(['Huber', 'Gruber', 'Wagner', 'Bauer', 'Pichler', 'Steiner'])}`,
      plz,
      ort,
      adresse: `${pick(['Hauptstraße', 'Kirchengasse', 'Marktplatz', 'Bahnhofstraße', 'Schulgasse'])} ${1 + Math.floor(rand() * 80)}`,
      telefon: `+43 ${660 + Math.floor(rand() * 30)} ${1000000 + Math.floor(rand() * 8999999)}`,
      country_id: COUNTRY.AT,
      source: 'AT',
    });
  }
  for (let i = 0; i < 100; i++) {
    rows.push({
      kundennummer: String(21000 + i),
      firma: `${pick(EG_NAMES)} ${pick(EG_KINDS)}`,
      ort: pick(['Kairo', 'Alexandria', 'Gizeh', 'Luxor', 'Hurghada']),
      country_id: COUNTRY.EG,
      source: 'EG',
    });
  }
  await db.insert(customers).values(rows).onConflictDoNothing();
}

/** Sample tasks in all three states for the demo accounts (after seedDemo created them). */
export async function seedDemoTasks(db: Db) {
  const rand = rng(7);
  const staff = await db
    .select({ id: users.id, email: users.email, country_id: users.country_id })
    .from(users)
    .where(inArray(users.email, ['admin@demo.at', 'agent.at@demo.at', 'agent.eg@demo.at']));
  const by = (email: string) => staff.find((s) => s.email === email)!;
  const admin = by('admin@demo.at');
  const at = by('agent.at@demo.at');
  const eg = by('agent.eg@demo.at');
  const atCustomers = await db.select().from(customers).where(eq(customers.source, 'AT')).limit(40);
  const egCustomers = await db.select().from(customers).where(eq(customers.source, 'EG')).limit(10);
  const now = Date.now();
  const hour = 3600_000;

  await db.transaction(async (tx) => {
    for (let i = 0; i < 48; i++) {
      const egTask = i % 6 === 5;
      const c = egTask ? egCustomers[i % egCustomers.length]! : atCustomers[i % atCustomers.length]!;
      const [typ, titel, beschreibung] = TASK_TEMPLATES[i % TASK_TEMPLATES.length]!;
      const status = i % 4 === 0 ? 'erledigt' : i % 4 === 1 ? 'abgeschlossen' : 'offen';
      const created = new Date(now - (48 - i) * 7 * hour);
      // Some open tasks are overdue on purpose, so the board shows the marking.
      const frist = new Date(created.getTime() + (i % 5 === 0 ? 20 : 72 + i) * hour);
      const assignee = egTask ? eg.id : i % 3 === 0 ? admin.id : i % 7 === 6 ? null : at.id;
      const [row] = await tx
        .insert(tasks)
        .values({
          titel,
          beschreibung,
          frist,
          erstellt_am: created,
          status,
          erledigt_am: status !== 'offen' ? new Date(created.getTime() + 30 * hour) : null,
          abgeschlossen_am: status === 'abgeschlossen' ? new Date(created.getTime() + 40 * hour) : null,
          typ,
          country_id: egTask ? 2 : 1,
          user_id: assignee,
          created_by_userid: egTask ? eg.id : i % 2 === 0 ? admin.id : at.id,
          ...customerOfTask(c),
          has_audit: status === 'abgeschlossen',
        })
        .returning({ id: tasks.id });
      const taskId = row!.id;
      if (i % 3 === 1) {
        await tx.insert(taskMessages).values({
          task_id: taskId,
          content: `${beschreibung}\n\nMit freundlichen Grüßen\n${c.kontaktperson ?? c.firma}`,
          created_at: created,
        });
      }
      if (i % 2 === 0) {
        await tx.insert(taskNotes).values({
          task_id: taskId,
          notiz: 'Kunde telefonisch erreicht, Fernwartung vereinbart.',
          user_id: assignee ?? admin.id,
          erstellt_am: new Date(created.getTime() + 2 * hour),
        });
      }
      if (i === 4 && !egTask) {
        await tx.insert(helpRequests).values({
          task_id: taskId,
          requested_by: admin.id,
          agent_id: at.id,
          comment: 'Kannst du dir das Druckerlog ansehen?',
        });
        await tx.update(tasks).set({ requested_user_id: at.id }).where(eq(tasks.id, taskId));
      }
      if (status === 'abgeschlossen') {
        await tx.insert(audits).values({
          task_id: taskId,
          created_by: assignee ?? admin.id,
          contacted: rand() > 0.3,
          description: 'Problem behoben und mit dem Kunden getestet.',
          reason: rand() > 0.5 ? 'Bedienfehler' : null,
          created_at: new Date(created.getTime() + 40 * hour),
        });
      }
    }
  });
}
