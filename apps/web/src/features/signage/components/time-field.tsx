import { TextInput, type TextInputProps } from '@mantine/core';
import { normaliseTimeOfDay } from '@portal/shared';

/**
 * A time of day in 24 hours (`08:30`) in every language: a text field, not `type="time"`, whose
 * clock follows the browser's locale (AM/PM in English, Arabic-Indic digits in Arabic). Typed `830`
 * or `8.30` becomes `08:30` on leaving the field; anything else stays for the schema's message.
 */
export function TimeField({
  value,
  onChange,
  onBlur,
  ...rest
}: Omit<TextInputProps, 'value' | 'onChange'> & { value?: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      {...rest}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={(e) => {
        const normal = normaliseTimeOfDay(e.currentTarget.value);
        if (normal !== value) onChange(normal);
        onBlur?.(e);
      }}
      placeholder="HH:MM"
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      // Left to right in Arabic too, without an icon section (Mantine puts it at the inline start,
      // where it covered the digits in a right-to-left page).
      dir="ltr"
    />
  );
}
