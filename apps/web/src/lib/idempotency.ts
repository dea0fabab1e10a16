/** The header of the server's create calls: the same key within 24 hours answers the first result. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * A fresh key for one submit attempt (kept for that attempt's automatic retries, never reused for the
 * next attempt). crypto.randomUUID exists only in secure contexts; getRandomValues everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const idempotencyHeaders = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });

const keys = new WeakMap<object, string>();

/**
 * The key of one submit attempt, by its variables object: a mutation's automatic retries call again
 * with the same object and so send the same key; the next submit passes a new object and gets a new one.
 */
export function keyForAttempt(variables: object): string {
  let key = keys.get(variables);
  if (!key) {
    key = newIdempotencyKey();
    keys.set(variables, key);
  }
  return key;
}
