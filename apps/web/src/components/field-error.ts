import { translateMessage } from '../lib/translate-message';

/** Mantine form errors come from the shared schemas in German; show them in the current language. */
export function fieldError(err: unknown): string | undefined {
  return err ? translateMessage(String(err)) : undefined;
}
