import type { UseFormReturnType } from '@mantine/form';
import { fieldError } from '../../components/field-error';
import { formatLongDate } from '../../lib/format';

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

/** Month names in the interface language (Austrian German: Jänner). */
export { monthNames } from '../../lib/format';

/** A date (yyyy-MM-dd) written out in the interface language. */
export function longDate(dateKey: string, language: string | undefined): string {
  return formatLongDate(dateKey, language);
}
