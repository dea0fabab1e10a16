import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@portal/shared';

const LABELS: Record<Language, string> = { de: 'DE', en: 'EN', fr: 'FR', ar: 'AR' };

/**
 * A compact language switch; each place offers the subset the spec gives it. A native select: it is
 * what phones handle best, and it keeps the popover machinery out of the public pages' bundle.
 */
export function LanguageMenu({ languages, onChange }: { languages: Language[]; onChange?: (l: Language) => void }) {
  const { t, i18n } = useTranslation();
  const current = (i18n.resolvedLanguage ?? 'de') as Language;
  // A language chosen elsewhere (say Arabic, then the landing page) still shows as chosen.
  const options = languages.includes(current) ? languages : [current, ...languages];
  return (
    <NativeSelect
      aria-label={t('common.language')}
      data-testid="language-select"
      w={76}
      size="xs"
      value={current}
      data={options.map((l) => ({ value: l, label: LABELS[l] ?? l.toUpperCase() }))}
      onChange={(e) => {
        const v = e.currentTarget.value as Language;
        void i18n.changeLanguage(v);
        onChange?.(v);
      }}
    />
  );
}
