/** Child process of the benchmark: prepares the data, serves the API, prints one JSON line with its port and tokens. */
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createMailer } from '../apps/server/src/platform/mail.js';
import { createStorage } from '../apps/server/src/platform/storage/index.js';
import { RealtimeHub } from '../apps/server/src/platform/realtime.js';
import { prepare, type BenchKind } from './fixture.js';

const kind = (process.env.BENCH_KIND ?? 'postgres') as BenchKind;
const n = Number(process.env.BENCH_ROWS ?? 100_000);
const { database, users, log } = await prepare(kind, n, Number(process.env.BENCH_CUSTOMERS ?? n));
const config = loadConfig({
  NODE_ENV: 'production',
  SELLER_NAME: 'Bench GmbH', SELLER_ADDRESS: 'Ring 1, 1010 Wien', SELLER_UID: 'ATU12345678',
  PAYMENT_PROVIDER: 'local',
  LOG_LEVEL: 'silent',
  LOGIN_RATE_LIMIT: '10000000',
  PUBLIC_FORM_RATE_LIMIT: '10000000',
  // The benchmark measures the board with and without its page cache.
  BOARD_CACHE_ENTRIES: process.env.BOARD_CACHE_ENTRIES ?? '500',
});
const storage = createStorage(config.storage);
const mailer = createMailer(database.db, pino({ level: 'silent' }), { from: config.mailFrom, storage });
const realtime = new RealtimeHub(database.db, pino({ level: 'silent' }));
// BENCH_LOG_LEVEL=info: the request log as in production, written to /dev/null (what logging costs).
const app = await buildApp(
  { config, db: database.db, mailer, realtime, storage },
  process.env.BENCH_LOG_LEVEL
    ? {
        loggerInstance: pino({ level: process.env.BENCH_LOG_LEVEL }, pino.destination('/dev/null')),
        serveWebApp: false,
      }
    : { logger: false, serveWebApp: false },
);
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const login = async (email: string) => {
  const r = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: users.password }),
  });
  return ((await r.json()) as { accessToken: string }).accessToken;
};
console.log(
  JSON.stringify({
    url,
    log,
    password: users.password,
    adminEmail: users.adminEmail,
    adminToken: await login(users.adminEmail),
    agentToken: await login(users.agentEmail),
    agentId: users.agentIds[0],
  }),
);
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();
