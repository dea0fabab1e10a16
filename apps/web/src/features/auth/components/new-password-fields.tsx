import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { fieldError } from '../../../components/field-error';

interface NewPasswordFieldsProps<V> {
  form: UseFormReturnType<V>;
  /** The form's field names of the new password and its confirmation. */
  name: string;
  confirmName: string;
  label: string;
  /** The password rule, under the first field. */
  description: string;
  confirmLabel: string;
}

/**
 * A new password and its confirmation (set-password page, profile): both required, both offered to
 * the browser's password manager as a new password, each with its own (translated) error.
 */
export function NewPasswordFields<V>({
  form,
  name,
  confirmName,
  label,
  description,
  confirmLabel,
}: NewPasswordFieldsProps<V>) {
  const errors = form.errors as Record<string, unknown>;
  return (
    <>
      <PasswordInput
        label={label}
        description={description}
        autoComplete="new-password"
        required
        key={form.key(name)}
        {...form.getInputProps(name)}
        error={fieldError(errors[name])}
      />
      <PasswordInput
        label={confirmLabel}
        autoComplete="new-password"
        required
        key={form.key(confirmName)}
        {...form.getInputProps(confirmName)}
        error={fieldError(errors[confirmName])}
      />
    </>
  );
}
