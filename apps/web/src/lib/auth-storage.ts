import { FLAGS, ROLES, type AuthUser } from '@portal/shared';

export const STORAGE_KEY = 'userData';

/** The stored user: the server's record with expiresIn turned into an absolute time in ms. */
export type StoredUser = AuthUser;

export function toStoredUser(u: AuthUser): StoredUser {
  return { ...u, expiresIn: Date.now() + u.expiresIn * 1000 };
}

/**
 * The shape check of the stored record. Deliberately not the zod schema: every page reads this at
 * start, and zod would weigh on the public pages' bundle; the server checks the token anyway.
 */
function isStoredUser(v: unknown): v is StoredUser {
  if (!v || typeof v !== 'object') return false;
  const u = v as Record<string, unknown>;
  return (
    typeof u.id === 'number' &&
    typeof u.email === 'string' &&
    typeof u.name === 'string' &&
    typeof u.accessToken === 'string' &&
    u.accessToken.length > 0 &&
    typeof u.expiresIn === 'number' &&
    typeof u.lang_code === 'string' &&
    (ROLES as readonly unknown[]).includes(u.role) &&
    FLAGS.every((f) => typeof u[f] === 'boolean')
  );
}

/** The stored user if it is well-formed and not expired; anything else is removed. */
export function readStoredUser(): StoredUser | null {
  // Nothing is stored while the landing page is prerendered at build time (entry-prerender.tsx).
  if (typeof localStorage === 'undefined') return null;
  const raw = localStorage.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isStoredUser(parsed) && parsed.expiresIn > Date.now()) return parsed;
  } catch {
    /* malformed JSON: removed below */
  }
  localStorage.removeItem(STORAGE_KEY);
  return null;
}

export function writeStoredUser(u: StoredUser): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(u));
}

export function clearStoredUser(): void {
  localStorage.removeItem(STORAGE_KEY);
}
