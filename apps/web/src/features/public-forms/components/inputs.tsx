import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput, type DateInputProps } from '../../../components/date-input';

type Change = (value: string) => void;

/** Ignores every keystroke that is not a digit (editing keys and shortcuts still work). */
function digitsOnlyKey(e: KeyboardEvent<HTMLInputElement>) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key.length === 1 && !/[0-9]/.test(e.key)) e.preventDefault();
}

/** The Kundennummer: digits only; other keystrokes are ignored and pasted text is reduced to its digits. */
export const KundennummerInput = forwardRef<HTMLInputElement, Omit<TextInputProps, 'onChange'> & { onChange: Change }>(
  function KundennummerInput({ onChange, ...props }, ref) {
    return (
      <TextInput
        ref={ref}
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        {...props}
        onKeyDown={digitsOnlyKey}
        onChange={(e) => onChange(e.currentTarget.value.replace(/\D+/g, ''))}
      />
    );
  },
);

/**
 * A day that follows rules, shown as dd.MM.yyyy in every browser: typed, or picked from the calendar,
 * which offers the days from `min` to `max`; the form's rules check a typed day.
 */
export function RuleDateInput(props: DateInputProps) {
  return <DateInput {...props} />;
}

/**
 * A field no person sees or reaches (hidden from view, from the keyboard and from screen readers).
 * Scripts that fill every input fill it too, and the server then refuses the request.
 */
export const Honeypot = forwardRef<HTMLInputElement, { name: string }>(function Honeypot({ name }, ref) {
  const { t } = useTranslation();
  return (
    <div
      aria-hidden="true"
      style={{
        position: 'absolute',
        width: 1,
        height: 1,
        overflow: 'hidden',
        clipPath: 'inset(50%)',
        whiteSpace: 'nowrap',
        opacity: 0,
        pointerEvents: 'none',
      }}
    >
      <label>
        {t('publicForms.honeypot')}
        <input
          ref={ref}
          type="text"
          name={name}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
          data-testid="honeypot"
        />
      </label>
    </div>
  );
});
