import type { UseFormReturnType } from '@mantine/form';
import { fieldError } from '../../components/field-error';

/** Input props of a form field with its error in the current language and a test id. */
export function fieldProps<V extends Record<string, unknown>>(form: UseFormReturnType<V>, name: keyof V & string) {
  return {
    ...form.getInputProps(name),
    error: fieldError(form.errors[name]),
    'data-testid': `field-${name}`,
  };
}

/** The terms checkbox of the form footer, bound to a boolean field. */
export function termsProps<V extends Record<string, unknown>>(form: UseFormReturnType<V>, name: keyof V & string) {
  return {
    checked: Boolean(form.getValues()[name]),
    onChange: (checked: boolean) => form.setFieldValue(name, checked as never),
    error: fieldError(form.errors[name]),
  };
}

const INTL_LOCALE: Record<string, string> = { de: 'de-AT', en: 'en-GB', fr: 'fr-FR', ar: 'ar' };

/** Month names in the interface language (Austrian German: Jänner). */
export function monthNames(language: string | undefined): string[] {
  const fmt = new Intl.DateTimeFormat(INTL_LOCALE[language ?? 'de'] ?? 'de-AT', { month: 'long' });
  return Array.from({ length: 12 }, (_, i) => fmt.format(new Date(2024, i, 15)));
}

/** A date (yyyy-MM-dd) written out in the interface language. */
export function longDate(dateKey: string, language: string | undefined): string {
  const [y, m, d] = dateKey.split('-').map(Number);
  return new Intl.DateTimeFormat(INTL_LOCALE[language ?? 'de'] ?? 'de-AT', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(y!, m! - 1, d!));
}
