import fs from 'node:fs';
import path from 'node:path';

/**
 * Expand, then contract (ARCHITECTURE.md): during a rolling deploy the previous release's code runs
 * against the new schema, so a migration of the coming release must leave alone what that code reads
 * and writes. Drizzle's queries name every column of its schema, so that is the drizzle snapshot of
 * the last released migration (`releases.json`).
 */

/** The part of a drizzle-kit snapshot (`meta/NNNN_snapshot.json`) the check reads. */
export interface SnapshotLike {
  tables: Record<string, { name: string; schema?: string; columns: Record<string, { name: string }> }>;
}

export interface MigrationCompatInput {
  released: SnapshotLike;
  /** The migrations after the released one, in journal order. */
  migrations: { tag: string; sql: string }[];
}

export interface Violation {
  migration: string;
  kind: 'drop-table' | 'rename-table' | 'drop-column' | 'rename-column' | 'change-type' | 'add-not-null';
  table: string;
  column?: string;
  message: string;
}

const IDENT = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`;
const NAME = String.raw`${IDENT}(?:\s*\.\s*${IDENT})?`;
const DOLLAR = /\$(?:[A-Za-z_]\w*)?\$/y;

/**
 * Statements at each `;` outside quotes, dollar quotes and comments. Comments (drizzle's
 * `--> statement-breakpoint` among them) are dropped and string literals emptied, so neither can
 * look like DDL; dollar-quoted bodies are kept whole.
 */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let cur = '';
  let i = 0;
  const until = (end: string, from: number) => {
    const at = sql.indexOf(end, from);
    return at < 0 ? sql.length : at + end.length;
  };
  while (i < sql.length) {
    const c = sql[i]!;
    DOLLAR.lastIndex = i;
    const dollar = c === '$' && !/[\w$]/.test(sql[i - 1] ?? '') ? DOLLAR.exec(sql) : null;
    if (sql.startsWith('--', i)) {
      i = until('\n', i);
    } else if (sql.startsWith('/*', i)) {
      i = until('*/', i + 2);
      cur += ' ';
    } else if (c === "'") {
      i = until("'", i + 1);
      cur += "''";
    } else if (c === '"' || dollar) {
      const end = until(dollar ? dollar[0] : '"', i + (dollar ? dollar[0].length : 1));
      cur += sql.slice(i, end);
      i = end;
    } else if (c === ';') {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
      i++;
    } else {
      cur += c;
      i++;
    }
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** `"public"."Tasks"` → public.Tasks, `Tasks` → public.tasks: unquoted names fold to lower case. */
function parseName(text: string): { schema: string; name: string } {
  const parts = [...text.matchAll(new RegExp(IDENT, 'g'))].map(([p]) =>
    p.startsWith('"') ? p.slice(1, -1).replaceAll('""', '"') : p.toLowerCase(),
  );
  return parts.length > 1 ? { schema: parts[0]!, name: parts[1]! } : { schema: 'public', name: parts[0]! };
}

/** Splits at commas outside parentheses and quotes: the names of a DROP TABLE, the actions of an ALTER TABLE. */
function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(text.slice(start).trim());
  return out;
}

export function checkMigrationCompat({ released, migrations }: MigrationCompatInput): Violation[] {
  const tables = new Map(
    Object.values(released.tables).map((t) => [
      `${t.schema || 'public'}.${t.name}`,
      new Set(Object.values(t.columns).map((c) => c.name)),
    ]),
  );
  const violations: Violation[] = [];

  for (const { tag, sql } of migrations) {
    const statements = splitStatements(sql).flatMap((s) => {
      // A DO block runs at migration time: its statements count too (the first one follows BEGIN).
      const body = /^DO\s+(?:LANGUAGE\s+\S+\s+)?(\$\w*\$)([\s\S]*)\1/i.exec(s)?.[2];
      return body ? splitStatements(body).map((b) => b.replace(/^BEGIN\s+/i, '')) : [s];
    });
    for (const statement of statements) {
      const s = statement.replace(/\s+/g, ' ');
      const report = (kind: Violation['kind'], ref: { schema: string; name: string }, column: string | undefined) => {
        const columns = tables.get(`${ref.schema}.${ref.name}`);
        // Only released names count; an added column is new, there the released table is what matters.
        if (!columns || (column !== undefined && kind !== 'add-not-null' && !columns.has(column))) return;
        const table = ref.schema === 'public' ? `"${ref.name}"` : `"${ref.schema}"."${ref.name}"`;
        const where = column === undefined ? `Tabelle ${table}` : `Spalte ${table}."${column}"`;
        violations.push({ migration: tag, kind, table, column, message: `${tag}: ${where} ${MESSAGES[kind]}` });
      };

      const drop = new RegExp(String.raw`^DROP TABLE (?:IF EXISTS )?(.+?)(?: CASCADE| RESTRICT)?$`, 'i').exec(s);
      if (drop) for (const name of splitTopLevel(drop[1]!)) report('drop-table', parseName(name), undefined);

      const alter = new RegExp(String.raw`^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?(${NAME})(?: \*)? (.+)$`, 'i').exec(s);
      if (!alter) continue;
      const table = parseName(alter[1]!);
      for (const action of splitTopLevel(alter[2]!)) {
        const col = (pattern: string) => {
          const m = new RegExp(pattern, 'i').exec(action);
          return m && parseName(m[1]!).name;
        };
        const ID = `(${IDENT})`;
        const renamedTable = col(`^RENAME TO ${ID}`);
        const renamed = col(`^RENAME (?:COLUMN )?(?!CONSTRAINT\\b)${ID} TO `);
        const dropped = col(`^DROP (?!CONSTRAINT\\b)(?:COLUMN )?(?:IF EXISTS )?${ID}`);
        const retyped = col(`^ALTER (?:COLUMN )?${ID} (?:SET DATA )?TYPE `);
        const notColumn = '(?!CONSTRAINT\\b|PRIMARY\\b|UNIQUE\\b|FOREIGN\\b|CHECK\\b|EXCLUDE\\b)';
        const added = col(`^ADD ${notColumn}(?:COLUMN )?(?:IF NOT EXISTS )?${ID} `);
        if (renamedTable) report('rename-table', table, undefined);
        else if (renamed) report('rename-column', table, renamed);
        else if (dropped) report('drop-column', table, dropped);
        else if (retyped) report('change-type', table, retyped);
        // The previous release's inserts leave the new column out; without a default (or identity) they fail.
        else if (added && /(?<!IS )NOT NULL|PRIMARY KEY/i.test(action) && !/\b(?:DEFAULT|GENERATED)\b/i.test(action))
          report('add-not-null', table, added);
      }
    }
  }
  return violations;
}

const LATER = 'in einer späteren Version (contract).';
const MESSAGES: Record<Violation['kind'], string> = {
  'drop-table': `wird gelöscht, die Vorversion liest sie noch. Erst die Vorversion ohne die Tabelle ausliefern (expand), löschen ${LATER}`,
  'rename-table': `wird umbenannt, die Vorversion liest sie noch unter dem alten Namen. Neue Tabelle anlegen und beide befüllen (expand), die alte löschen ${LATER}`,
  'drop-column': `wird gelöscht, die Vorversion liest sie noch. Erst die Vorversion ohne die Spalte ausliefern (expand), löschen ${LATER}`,
  'rename-column': `wird umbenannt, die Vorversion liest sie noch unter dem alten Namen. Neue Spalte hinzufügen und beide befüllen (expand), die alte löschen ${LATER}`,
  'change-type': `ändert ihren Typ, die Vorversion liest und schreibt sie noch mit dem alten. Neue Spalte mit dem neuen Typ hinzufügen (expand), die alte löschen ${LATER}`,
  'add-not-null': `kommt NOT NULL ohne DEFAULT hinzu, die Inserts der Vorversion schlagen fehl. Mit DEFAULT oder nullable hinzufügen (expand), NOT NULL setzen ${LATER}`,
};

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));

/** releases.json, the journal, the released migration's snapshot and the SQL of every migration after it. */
export function loadMigrationCompatInput(
  migrationsDir: string,
  releasesFile = path.join(migrationsDir, '..', 'releases.json'),
): MigrationCompatInput & { releasedTag: string } {
  const { lastReleasedMigration: tag } = readJson(releasesFile) as { lastReleasedMigration?: unknown };
  if (typeof tag !== 'string') throw new Error(`${releasesFile}: "lastReleasedMigration" fehlt.`);
  const journal = readJson(path.join(migrationsDir, 'meta', '_journal.json')) as {
    entries: { idx: number; tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0)
    throw new Error(
      `${releasesFile}: die letzte ausgelieferte Migration "${tag}" steht nicht in ${path.join(migrationsDir, 'meta', '_journal.json')}.`,
    );
  const snapshot = path.join(
    migrationsDir,
    'meta',
    `${String(journal.entries[at]!.idx).padStart(4, '0')}_snapshot.json`,
  );
  return {
    releasedTag: tag,
    released: readJson(snapshot) as SnapshotLike,
    migrations: journal.entries
      .slice(at + 1)
      .map((e) => ({ tag: e.tag, sql: fs.readFileSync(path.join(migrationsDir, `${e.tag}.sql`), 'utf8') })),
  };
}
