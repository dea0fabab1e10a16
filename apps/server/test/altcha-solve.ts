import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** A solved proof of work, as the browser sends it in the `altcha` field: a fresh challenge, solved in Node. */
export async function solveAltcha(app: FastifyInstance, remoteAddress?: string): Promise<string> {
  const res = await app.inject({ url: '/web/challenge', remoteAddress });
  assert.equal(res.statusCode, 200, res.body);
  const challenge = res.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  assert.ok(solution, 'solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
