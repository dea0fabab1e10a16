import { hash, verify } from '@node-rs/argon2';
import { AUTH_MSG, type Message } from '@portal/shared';

/** Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

// OWASP password storage cheat sheet: argon2id, 19 MiB memory, 2 iterations, 1 lane.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash of nothing in particular, verified against when the email is unknown, so both answers take as long. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-password');
  return dummyHash;
}

/** How many of the most common passwords are refused (NIST SP 800-63B: check against breach corpora). */
const COMMON_COUNT = 10_000;
let common: Set<string> | undefined;

/**
 * The most common passwords, ranked by frequency in the list zxcvbn-ts ships; loaded on first use,
 * compared without case so that "Password1234" counts as "password1234".
 */
async function commonPasswords(): Promise<Set<string>> {
  if (!common) {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    common = new Set((dictionary['passwords-common'] as string[]).slice(0, COMMON_COUNT).map((p) => p.toLowerCase()));
  }
  return common;
}

/**
 * The server's rules for a new password beyond the shared schema's length: not among the most
 * common passwords and not the current one. Returns the reason (a catalogue entry), or null when it may be used.
 */
export async function newPasswordProblem(password: string, currentHash?: string | null): Promise<Message | null> {
  if ((await commonPasswords()).has(password.toLowerCase())) return AUTH_MSG.passwordCommon;
  if (currentHash && (await verifyPassword(currentHash, password))) return AUTH_MSG.passwordUnchanged;
  return null;
}
