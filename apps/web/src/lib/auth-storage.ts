import { authUserSchema, type AuthUser } from '@portal/shared';

export const STORAGE_KEY = 'userData';

/** The stored user: the server's record with expiresIn turned into an absolute time in ms. */
export type StoredUser = AuthUser;

export function toStoredUser(u: AuthUser): StoredUser {
  return { ...u, expiresIn: Date.now() + u.expiresIn * 1000 };
}

/** The stored user if it is well-formed and not expired; anything else is removed. */
export function readStoredUser(): StoredUser | null {
  const raw = localStorage.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = authUserSchema.safeParse(JSON.parse(raw));
    if (parsed.success && parsed.data.expiresIn > Date.now()) return parsed.data;
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
