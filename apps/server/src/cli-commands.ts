/**
 * The operator commands behind `npm run cli` (cli.ts runs them and sets the exit code): each answers
 * the sentence to print or throws a UsageError whose message is the German explanation.
 * Everything a command can check without the database is checked before it is opened.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { FLAGS, ROLE_IDS, ROLES, newPasswordSchema, type Flag, type Role, MESSAGES } from '@portal/shared';
import { loadConfig, ConfigError } from './config.js';
import { DatabaseLockedError } from './db/client.js';
import { openAndMigrate } from './bootstrap.js';
import { sessions, tasks, users } from './db/schema/index.js';
import { hashPassword, newPasswordProblem } from './platform/passwords.js';
import { flagValues, upsertCustomerByNumber } from './seed/demo.js';
import { BackupError, backupEmbedded, restoreEmbedded } from './platform/backup.js';
import { appendAudit, rowChanges, type Changes } from './platform/audit.js';

export class UsageError extends Error {}

/** An operator's command in the audit trail (issue 34): no actor, the role `cli`, no address. */
const cliEvent = (action: string, userId: number, countryId: number | null, changes: Changes) => ({
  actor_id: null,
  actor_role: 'cli',
  ip: null,
  action,
  subject_kind: 'user' as const,
  subject_id: userId,
  country_id: countryId,
  changes,
});

const USAGE = `Verwendung:
  npm run cli -- user:add --email E --password P --role admin|agent|customer [--name N] [--country 1|2] [--flags tasks,rksv,...] [--kundennummer K]
  npm run cli -- user:set-password --email E --password P
  npm run cli -- backup --out DATEI
  npm run cli -- restore --in DATEI [--force]`;

function need(v: string | undefined, name: string): string {
  if (!v) throw new UsageError(`--${name} fehlt.\n${USAGE}`);
  return v;
}

/** The same rules as the web's password forms: length, not a common password, not the current one. */
async function checkPassword(p: string, currentHash?: string | null): Promise<string> {
  const r = newPasswordSchema.safeParse(p);
  if (!r.success) throw new UsageError(MESSAGES.get(r.error.issues[0]!.message) ?? r.error.issues[0]!.message);
  const problem = await newPasswordProblem(p, currentHash);
  if (problem) throw new UsageError(problem.de);
  return p;
}

/** The arguments of user:add besides email and password, checked without the database. */
function userAddArgs(values: { role?: string; country?: string; flags?: string; kundennummer?: string }) {
  const role = need(values.role, 'role') as Role;
  if (!ROLES.includes(role)) throw new UsageError(`--role muss admin, agent oder customer sein.`);
  const country = Number(values.country ?? '1');
  if (![1, 2].includes(country)) throw new UsageError('--country muss 1 (Österreich) oder 2 (Ägypten) sein.');
  const flagList = values.flags
    ? values.flags
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean)
    : role === 'admin'
      ? [...FLAGS]
      : [];
  const unknown = flagList.filter((f) => !(FLAGS as readonly string[]).includes(f));
  if (unknown.length) throw new UsageError(`Unbekannte Flags: ${unknown.join(', ')}. Erlaubt: ${FLAGS.join(', ')}`);
  if (values.kundennummer && !/^\d+$/.test(values.kundennummer))
    throw new UsageError('Kundennummer darf nur Zahlen enthalten');
  return { role, country, flagList };
}

export async function runCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      country: { type: 'string' },
      flags: { type: 'string' },
      kundennummer: { type: 'string' },
      out: { type: 'string' },
      in: { type: 'string' },
      force: { type: 'boolean' },
    },
    strict: true,
  });
  if (command === 'backup' || command === 'restore') return backupOrRestore(command, values, env);
  if (command !== 'user:add' && command !== 'user:set-password') throw new UsageError(USAGE);
  const email = need(values.email, 'email').trim().toLowerCase();
  const password = await checkPassword(need(values.password, 'password'));

  // user:add's own arguments are checked before the database is opened.
  const add = command === 'user:add' ? userAddArgs(values) : null;

  const config = loadConfig(env);
  const database = await openAndMigrate(config, 'Kommandozeile');
  const { db } = database;
  try {
    if (command === 'user:set-password') {
      const [u] = await db
        .select({ id: users.id, password_hash: users.password_hash })
        .from(users)
        .where(eq(users.email, email));
      if (!u) throw new UsageError(`Kein Benutzer mit der E-Mail ${email}.`);
      await checkPassword(password, u.password_hash);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ password_hash: await hashPassword(password), updated_at: new Date() })
          .where(eq(users.id, u.id));
        await tx.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.user_id, u.id));
        await appendAudit(tx, cliEvent('cli:user:set-password', u.id, null, { password_hash: ['***', '***'] }));
      });
      return `Passwort für ${email} gesetzt; bestehende Sitzungen wurden beendet.`;
    }

    const { role, country, flagList } = add!;
    const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (exists) throw new UsageError(`Ein Benutzer mit der E-Mail ${email} existiert bereits.`);
    const customerId =
      role === 'customer' && values.kundennummer
        ? await upsertCustomerByNumber(db, values.kundennummer, undefined, country)
        : null;
    const fields = {
      email,
      name: values.name?.trim() || email.split('@')[0]!,
      role_id: ROLE_IDS[role],
      country_id: country,
      agent_level_id: role === 'customer' ? null : 1,
      customer_id: customerId,
      ...flagValues(flagList as Flag[]),
    };
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({ ...fields, password_hash: passwordHash })
        .returning({ id: users.id });
      await appendAudit(
        tx,
        cliEvent('cli:user:add', u!.id, country, rowChanges(null, { ...fields, password_hash: '' })),
      );
    });
    return `Benutzer ${email} (${role}) angelegt.`;
  } finally {
    await database.close();
  }
}

/** The embedded database's backup and restore; PostgreSQL has its own tools (README, "Operations"). */
async function backupOrRestore(
  command: 'backup' | 'restore',
  values: { out?: string; in?: string; force?: boolean },
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const config = loadConfig(env);
  if (config.databaseUrl) {
    throw new UsageError(
      'Mit DATABASE_URL liegt die Datenbank auf einem PostgreSQL-Server: dort pg_dump -Fc und pg_restore verwenden (README, Betrieb).',
    );
  }
  const target = { dataDir: config.dataDir, storage: config.storage, counted: tasks };
  if (command === 'backup') {
    const out = path.resolve(need(values.out, 'out'));
    const r = await backupEmbedded(target, out);
    return (
      `Sicherung geschrieben: ${out} (${(r.bytes / 1024 / 1024).toFixed(1)} MB; ${r.tasks} Aufgaben, ${r.files} Dateien).` +
      (r.filesSkipped
        ? `\nDie Dateien in ${config.storage.kind === 's3' ? `s3://${config.storage.bucket}` : 'der Ablage'} sind nicht enthalten.`
        : '')
    );
  }
  const input = path.resolve(need(values.in, 'in'));
  const m = await restoreEmbedded(target, input, values.force === true);
  return `Sicherung vom ${m.createdAt} eingespielt: ${m.tasks} Aufgaben, ${m.files} Dateien. Der nächste Start migriert die Datenbank, falls nötig.`;
}

/** The message of an error the operator can act on (usage, configuration, lock, archive); null for a fault. */
export function operatorMessage(err: unknown): string | null {
  if (
    err instanceof UsageError ||
    err instanceof ConfigError ||
    err instanceof DatabaseLockedError ||
    err instanceof BackupError
  )
    return err.message;
  if ((err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) return `${(err as Error).message}\n${USAGE}`;
  return null;
}
