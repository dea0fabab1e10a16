/**
 * Rules for any text a person or a client sends, in one place for the forms and the server.
 * NUL is refused everywhere (PostgreSQL cannot store it in text, and no one types it); invisible
 * characters at the edges are trimmed, so a text of only zero-width characters counts as empty.
 */
/** How deep a parsed body is searched; JSON bodies of this API are two or three levels deep. */
const MAX_DEPTH = 16;

/** True when the value, or any string in it (keys too), contains a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/**
 * Whitespace, control and format characters (zero-width space and joiners, bidi marks, BOM, soft
 * hyphen, …), and the blank letters that render as nothing (Hangul fillers, Braille blank,
 * combining grapheme joiner).
 */
const INVISIBLE = '[\\s\\p{Cc}\\p{Cf}\\u034F\\u115F\\u1160\\u3164\\uFFA0\\u2800]';
const EDGES = new RegExp(`^${INVISIBLE}+|${INVISIBLE}+$`, 'gu');

/** `trim()` that also removes invisible characters at both ends. */
export function trimInvisible(value: string): string {
  return value.replace(EDGES, '');
}
