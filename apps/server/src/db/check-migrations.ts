/**
 * `npm run check:migrations`: the migrations after the last released one (releases.json) must leave the
 * previous release's tables and columns alone (ARCHITECTURE.md, Migrations: expand, then contract).
 */
import { MIGRATIONS_DIR } from './migrate.js';
import { checkMigrationCompat, loadMigrationCompatInput } from './migration-compat.js';

try {
  const input = loadMigrationCompatInput(MIGRATIONS_DIR);
  const violations = checkMigrationCompat(input);
  for (const v of violations) console.error(v.message);
  if (violations.length > 0) process.exitCode = 1;
  else
    console.log(`Migrationen ok: ${input.migrations.length} nach ${input.releasedTag} lassen die Vorversion laufen.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
