import { translateMessage } from '../lib/translate-message';

/** Mantine form errors come from the shared schemas in German; show them in the current language. */
export function fieldError(err: unknown): string | undefined {
  return err ? translateMessage(String(err)) : undefined;
}

/** The part of a Mantine form `inputProps` reads (any `useForm` result fits). */
interface FormFields<P extends string, R> {
  getInputProps: (path: P) => R;
  errors: Record<string, unknown>;
}

/**
 * A field's Mantine input props with its error in the reader's language: what every form field of
 * the kit spreads, instead of `getInputProps` and `fieldError` side by side at each field.
 */
export function inputProps<P extends string, R extends object>(
  form: FormFields<P, R>,
  path: P,
): R & { error: string | undefined } {
  return { ...form.getInputProps(path), error: fieldError(form.errors[path]) };
}
