import { FLAGS, ROLE_IDS } from '@portal/shared';
import type { Db } from '../apps/server/src/db/client.js';
import { users } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/platform/passwords.js';

export interface BenchUsers {
  password: string;
  adminEmail: string;
  agentEmail: string;
  agentIds: number[];
}

export const BENCH_PASSWORD = 'Bench-Passwort-1';

/** An admin and twenty agents to own the generated tasks. */
export async function addBenchUsers(db: Db): Promise<BenchUsers> {
  const password = BENCH_PASSWORD;
  const hash = await hashPassword(password);
  const all = Object.fromEntries(FLAGS.map((f) => [f, true]));
  const rows = await db
    .insert(users)
    .values([
      {
        email: 'bench-admin@bench.at',
        name: 'Bench Admin',
        password_hash: hash,
        role_id: ROLE_IDS.admin,
        country_id: 1,
        ...all,
      },
      ...Array.from({ length: 20 }, (_, i) => ({
        email: `bench-agent${i}@bench.at`,
        name: `Agent ${i} Benchmark`,
        password_hash: hash,
        role_id: ROLE_IDS.agent,
        country_id: 1,
        tasks: true,
      })),
    ])
    .returning({ id: users.id, email: users.email });
  return {
    password,
    adminEmail: 'bench-admin@bench.at',
    agentEmail: 'bench-agent0@bench.at',
    agentIds: rows.filter((r) => r.email.startsWith('bench-agent')).map((r) => r.id),
  };
}
