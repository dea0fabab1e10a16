/**
 * Operator commands, non-interactive:
 *   npm run cli -- user:add --email E --password P --role admin|agent|customer [--name N] [--country 1|2] [--flags a,b] [--kundennummer K]
 *   npm run cli -- user:set-password --email E --password P
 *   npm run cli -- backup --out FILE          (embedded database and stored files into one .tar.gz)
 *   npm run cli -- restore --in FILE [--force]
 * Works on the same DATA_DIR / DATABASE_URL as the server; on the embedded database it refuses while the server runs.
 */
import { operatorMessage, runCommand } from './cli-commands.js';

runCommand(process.argv.slice(2)).then(
  (msg) => {
    console.log(msg);
    process.exit(0);
  },
  (err) => {
    const message = operatorMessage(err);
    if (message) console.error(message);
    else console.error('Fehler:', err);
    process.exit(1);
  },
);
