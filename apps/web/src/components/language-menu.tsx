import { NativeSelect } from '@mantine/core';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@portal/shared';
import { switchLanguage } from '../lib/i18n';

const LABELS: Record<Language, string> = { de: 'DE', en: 'EN', fr: 'FR', ar: 'AR' };
/** Keys with which a closed select steps through its options (and fires `change` at each step). */
const STEP_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * A compact language switch; each place offers the subset the spec gives it. A native select: it is
 * what phones handle best, and it keeps the popover machinery out of the public pages' bundle.
 * A choice with the mouse or a phone's picker switches at once; stepping with the arrow keys only
 * picks, and Enter or leaving the field switches (WCAG 3.2.2: no change of context on each step).
 */
export function LanguageMenu({ languages, onChange }: { languages: Language[]; onChange?: (l: Language) => void }) {
  const { t, i18n } = useTranslation();
  const current = (i18n.resolvedLanguage ?? 'de') as Language;
  const stepping = useRef(false);
  const picked = useRef<Language | null>(null);
  // A language chosen elsewhere (say Arabic, then the landing page) still shows as chosen.
  const options = languages.includes(current) ? languages : [current, ...languages];

  const apply = (v: Language) => {
    picked.current = null;
    if (v === current) return;
    void switchLanguage(v);
    onChange?.(v);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLSelectElement>) => {
    if (STEP_KEYS.has(e.key) || (e.key.length === 1 && e.key !== ' ' && !e.ctrlKey && !e.metaKey)) stepping.current = true;
    else if (e.key === 'Enter' && picked.current) {
      e.preventDefault();
      apply(picked.current);
    }
  };

  return (
    <NativeSelect
      aria-label={t('common.language')}
      data-testid="language-select"
      w={76}
      size="xs"
      // Uncontrolled while keys step through it; the key makes it show the language again after a switch.
      key={current}
      defaultValue={current}
      data={options.map((l) => ({ value: l, label: LABELS[l] ?? l.toUpperCase() }))}
      onKeyDown={onKeyDown}
      onChange={(e) => {
        const v = e.currentTarget.value as Language;
        if (stepping.current) {
          stepping.current = false;
          picked.current = v;
          return;
        }
        apply(v);
      }}
      onBlur={() => {
        stepping.current = false;
        if (picked.current) apply(picked.current);
      }}
    />
  );
}
