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

/** Arabic-Indic and Persian digits (an Arabic keyboard types them) as Latin ones. */
function latinDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (c) => String(c.charCodeAt(0) & 0xf));
}

/**
 * The typed or pasted text tidied into `dd.MM.yyyy[ HH:mm]`: digits fill the parts one after the
 * other (a full part moves on to the next), any separator typed (`.` `,` `/` `-` `:` or a space) ends
 * a part that has digits and is dropped otherwise, so a dot typed after the one filled in is not a
 * second one. `growing` (typed or pasted at the end) adds the separator after a full part, so the
 * next digit lands in the next part; while deleting none is added back. A pasted ISO day
 * (2026-12-30, 2026-12-30T14:30) is read as such.
 */
export function tidyDateText(raw: string, withTime: boolean, growing = true): string {
  const text = latinDigits(raw).trim();
  const iso = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2})?$/.test(text)
    ? formatDisplayDate(text.replace(' ', 'T'), withTime)
    : '';
  const source = iso || text;
  const count = withTime ? PARTS.length : 3;
  const parts: string[] = [''];
  for (const ch of source) {
    const cur = parts.length - 1;
    if (ch >= '0' && ch <= '9') {
      if (parts[cur]!.length < PARTS[cur]!) parts[cur] += ch;
      else if (cur + 1 < count) parts.push(ch);
    } else if (/[.,/\-: \u060c\u066b]/.test(ch) && parts[cur] !== '' && cur + 1 < count) {
      parts.push('');
    }
  }
  let out = parts.map((p, i) => (i < parts.length - 1 ? p + SEPARATORS[i] : p)).join('');
  const last = parts.length - 1;
  if (growing && last + 1 < count && parts[last]!.length === PARTS[last]) out += SEPARATORS[last];
  return out;
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
    // At the end the text is tidied as it grows (typing, pasting) or shrinks (deleting); an edit in
    // the middle keeps the caret where it is and is tidied when the field is left.
    const atEnd = input.selectionStart === input.value.length;
    const next = atEnd
      ? tidyDateText(input.value, withTime, input.value.length > text.length)
      : latinDigits(input.value).slice(0, withTime ? 16 : 10);
    setText(next);
    emit(next.trim() === '' ? '' : (parseDisplayDate(next, withTime) ?? INVALID_DATE));
  };

  const leave = (e: FocusEvent<HTMLInputElement>) => {
    // Left: the text tidied (an edit in the middle too) and a whole date written out in full.
    const tidy = tidyDateText(text, withTime, false);
    const parsed = parseDisplayDate(tidy, withTime);
    const shown = parsed ? formatDisplayDate(parsed, withTime) : tidy;
    if (shown !== text) setText(shown);
    const next = tidy === '' ? '' : (parsed ?? INVALID_DATE);
    if (next !== sent.current) emit(next);
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
