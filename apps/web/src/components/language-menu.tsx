import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@portal/shared';

const LABELS: Record<Language, string> = { de: 'DE', en: 'EN', fr: 'FR', ar: 'AR' };

/** A compact language switch; each place offers the subset the spec gives it. */
export function LanguageMenu({ languages, onChange }: { languages: Language[]; onChange?: (l: Language) => void }) {
  const { t, i18n } = useTranslation();
  const current = (i18n.resolvedLanguage ?? 'de') as Language;
  return (
    <Select
      aria-label={t('common.language')}
      data-testid="language-select"
      w={84}
      size="xs"
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      value={languages.includes(current) ? current : null}
      placeholder={LABELS[current] ?? 'DE'}
      data={languages.map((l) => ({ value: l, label: LABELS[l] }))}
      onChange={(v) => {
        if (!v) return;
        void i18n.changeLanguage(v);
        onChange?.(v as Language);
      }}
    />
  );
}
