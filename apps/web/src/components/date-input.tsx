import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * A day (dd.MM.yyyy) or a day and time (dd.MM.yyyy HH:mm), as the spec writes them, in every browser:
 * a browser's own date field shows the format of its locale (mm/dd/yyyy in an English browser).
 * Typed with the separators filled in, or picked from the browser's calendar behind the button. The
 * form keeps the browser field's value format (yyyy-MM-dd or yyyy-MM-ddTHH:mm), so what is sent to
 * the server does not change. Parsed by hand, not with date-fns' parser: the public forms use this
 * too, and the check is a few lines.
 */

/** The form's value while the text is not a whole, real date: refused by every date rule. */
export const INVALID_DATE = 'invalid';

const pad = (n: number) => String(n).padStart(2, '0');

/** "25.12.2026" or "25.12.2026 14:30" to "2026-12-25" or "2026-12-25T14:30"; null when not a real date. */
export function parseDisplayDate(text: string, withTime: boolean): string | null {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/.exec(text.trim());
  if (!m || (m[4] !== undefined) !== withTime) return null;
  const [d, mo, y, h = 0, mi = 0] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x))) as number[];
  const day = new Date(Date.UTC(y!, mo! - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo! - 1 || day.getUTCDate() !== d) return null;
  if (h > 23 || mi > 59) return null;
  return `${y}-${pad(mo!)}-${pad(d!)}${withTime ? `T${pad(h)}:${pad(mi)}` : ''}`;
}

/** The form's value as text ("" for an empty or unknown value). */
export function formatDisplayDate(value: string, withTime: boolean): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (!m) return '';
  return `${m[3]}.${m[2]}.${m[1]}${withTime && m[4] ? ` ${m[4]}:${m[5]}` : ''}`;
}

// Lengths of the parts and the separator after each: dd . MM . yyyy ␣ HH : mm
const PARTS = [2, 2, 4, 2, 2];
const SEPARATORS = ['.', '.', ' ', ':'];

/** Typing at the end fills in the next separator once a part is complete. */
function withSeparators(text: string, withTime: boolean): string {
  const clean = text.replace(/[^\d.: ]/g, '');
  const parts = clean.split(/[.: ]/);
  const last = parts.length - 1;
  const count = withTime ? PARTS.length : 3;
  if (last < count - 1 && /^\d+$/.test(parts[last]!) && parts[last]!.length === PARTS[last]) {
    return clean + SEPARATORS[last];
  }
  return clean;
}

export interface DateInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'min' | 'max'> {
  /** yyyy-MM-dd (or yyyy-MM-ddTHH:mm with withTime), '' when empty. */
  value?: string;
  onChange: (value: string) => void;
  withTime?: boolean;
  /** Earliest and latest day the calendar offers (yyyy-MM-dd); typed days are checked by the form's rules. */
  min?: string;
  max?: string;
  'data-testid'?: string;
}

export function DateInput({ value = '', onChange, withTime = false, min, max, onBlur, ...props }: DateInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => formatDisplayDate(value, withTime));
  const sent = useRef(value);
  const picker = useRef<HTMLInputElement>(null);

  // A value set from outside (the calendar, a reset) shows as text; our own, partly typed ones do not.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(formatDisplayDate(value, withTime));
    }
  }, [value, withTime]);

  const emit = (next: string) => {
    sent.current = next;
    onChange(next);
  };

  const type = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const atEnd = input.selectionStart === input.value.length && input.value.length > text.length;
    const next = (atEnd ? withSeparators(input.value, withTime) : input.value).slice(0, withTime ? 16 : 10);
    setText(next);
    emit(next.trim() === '' ? '' : (parseDisplayDate(next, withTime) ?? INVALID_DATE));
  };

  const leave = (e: FocusEvent<HTMLInputElement>) => {
    const parsed = parseDisplayDate(text, withTime);
    if (parsed) setText(formatDisplayDate(parsed, withTime));
    onBlur?.(e);
  };

  const openCalendar = () => {
    try {
      picker.current?.showPicker();
    } catch {
      picker.current?.focus();
    }
  };

  const machine = value === INVALID_DATE ? '' : value;
  return (
    <TextInput
      {...props}
      value={text}
      onChange={type}
      onBlur={leave}
      inputMode="numeric"
      autoComplete="off"
      // Digits and dots read left to right in Arabic as well.
      dir="ltr"
      placeholder={withTime ? t('common.dateTimePlaceholder') : t('common.datePlaceholder')}
      rightSection={
        <>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={openCalendar}
            aria-label={t('common.openCalendar')}
            data-testid={props['data-testid'] ? `${props['data-testid']}-calendar` : undefined}
          >
            <IconCalendar size={18} />
          </ActionIcon>
          {/* The browser's calendar, opened by the button; it is neither seen nor reached otherwise. */}
          <input
            ref={picker}
            type={withTime ? 'datetime-local' : 'date'}
            tabIndex={-1}
            aria-hidden="true"
            value={machine}
            min={min}
            max={max}
            onChange={(e) => {
              const next = e.currentTarget.value;
              setText(formatDisplayDate(next, withTime));
              emit(next);
            }}
            data-testid={props['data-testid'] ? `${props['data-testid']}-picker` : undefined}
            style={{
              position: 'absolute',
              insetInlineEnd: 0,
              bottom: 0,
              width: 1,
              height: 1,
              opacity: 0,
              border: 0,
              padding: 0,
            }}
          />
        </>
      }
    />
  );
}
