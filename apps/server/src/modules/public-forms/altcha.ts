import { createHash, createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/schema/index.js';
import { CHALLENGE_TTL_MINUTES } from '@portal/shared/contracts';
import { hitRateLimit } from '../../platform/db-rate-limit.js';

/**
 * Proof of work behind the public forms' slider (ALTCHA v2, deterministic mode).
 *
 * The server picks a secret counter, derives SHA-256(salt ‖ nonce ‖ counter) and hands out the first
 * half of that key as the prefix to find, signed with the HMAC key. The browser counts up from 0
 * until it hits the prefix, so the work is the counter itself: between COUNTER_MIN and COUNTER_MAX
 * SHA-256 rounds, 20 000 on average. Measured in Chromium (WebCrypto): one thread does about 186 000
 * rounds a second on a desktop core and 34 000 at a 4× CPU slowdown (a phone), so a phone needs
 * about 0.6 s on one thread (at most 1 s), less with the page's web workers; a desktop 0.1–0.2 s.
 * Verifying is one HMAC of the derived key (key signature). Scripts pay the same per call, and each
 * solution is single use, on top of the per-address rate limit.
 */
export const ALTCHA_ALGORITHM = 'SHA-256';
export const CHALLENGE_TTL_MS = CHALLENGE_TTL_MINUTES * 60 * 1000;
export const COUNTER_MIN = 5_000;
export const COUNTER_MAX = 35_000;

const payloadSchema = z.object({
  challenge: z.object({
    // Kept as sent (loose): the signature covers every parameter.
    parameters: z.looseObject({
      algorithm: z.literal(ALTCHA_ALGORITHM),
      nonce: z.string().regex(/^[0-9a-f]{2,128}$/),
      salt: z.string().regex(/^[0-9a-f]{2,128}$/),
      cost: z.number().int().positive().max(100),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: z.string().max(128),
      keySignature: z.string().max(256).optional(),
      expiresAt: z.number(),
    }),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  solution: z.object({
    counter: z.number().int().min(0),
    derivedKey: z.string().max(256),
    time: z.number().optional(),
  }),
});

export interface Altcha {
  /** A fresh signed challenge, valid for CHALLENGE_TTL_MS. */
  create(): Promise<Challenge>;
  /**
   * True once for a valid, unexpired solution (the base64 payload of `{challenge, solution}`);
   * false for anything else, including a solution that was already used (single use, counted
   * in the database so that every server process knows). `retryKey`: the request's submission
   * (caller and Idempotency-Key, `submissionOf`): a retry of the submission that spent the solution
   * may carry it again (its first try may have died with its process before it did the work).
   */
  verify(payload: unknown, retryKey?: string): Promise<boolean>;
}

export function createAltcha(db: Db, hmacKey: string): Altcha {
  // A second secret for the derived-key signatures, derived from the configured one.
  const keySecret = createHmac('sha256', hmacKey).update('altcha-key-signature').digest('hex');
  let lastSweep = 0;

  /** Used-solution markers outlive their challenge by nothing: drop old ones now and then. */
  async function sweep() {
    if (Date.now() - lastSweep < 60 * 60 * 1000) return;
    lastSweep = Date.now();
    await db
      .delete(rateLimits)
      .where(
        sql`(${rateLimits.key} like 'altcha:%' or ${rateLimits.key} like 'public-form:%') and ${rateLimits.window_start} < now() - interval '1 hour'`,
      );
  }

  return {
    create: () =>
      createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: 1,
        counter: randomInt(COUNTER_MAX, COUNTER_MIN),
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        hmacSignatureSecret: hmacKey,
        hmacKeySignatureSecret: keySecret,
      }),

    async verify(payload, retryKey) {
      if (typeof payload !== 'string' || payload.length === 0 || payload.length > 4096) return false;
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
      } catch {
        return false;
      }
      const parsed = payloadSchema.safeParse(decoded);
      if (!parsed.success) return false;
      const { challenge, solution } = parsed.data;
      try {
        const result = await verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret: hmacKey,
          hmacKeySignatureSecret: keySecret,
        });
        if (!result.verified) return false;
      } catch {
        return false;
      }
      void sweep().catch(() => {});
      const spent = `altcha:${challenge.signature}`;
      // Which submission spent it, by a digest of its key (the sweep removes both with the challenge).
      const spentBy = retryKey && `${spent}|${createHash('sha256').update(retryKey).digest('hex').slice(0, 32)}`;
      if (await hitRateLimit(db, spent, 1, CHALLENGE_TTL_MS)) {
        if (spentBy) await hitRateLimit(db, spentBy, Number.MAX_SAFE_INTEGER, CHALLENGE_TTL_MS);
        return true;
      }
      if (!spentBy) return false;
      const [mark] = await db
        .select({ key: rateLimits.key })
        .from(rateLimits)
        .where(
          and(
            eq(rateLimits.key, spentBy),
            sql`${rateLimits.window_start} > now() - make_interval(secs => ${CHALLENGE_TTL_MS / 1000})`,
          ),
        );
      return mark !== undefined;
    },
  };
}
