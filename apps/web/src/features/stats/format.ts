import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Numbers of the statistics in the reader's language (1 or 2 decimals as the server rounded them). */
export function useStatsFormat() {
  const { i18n, t } = useTranslation();
  const lang = i18n.language;
  const number = useCallback(
    (n: number | null | undefined, digits = 1) =>
      n == null ? t('stats.none') : new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(n),
    [lang, t],
  );
  /** 'YYYY-MM' → "Nov. 2026" (month names of the language). */
  const month = useCallback(
    (ym: string) => {
      const [y, m] = ym.split('-').map(Number);
      return new Intl.DateTimeFormat(lang, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(Date.UTC(y!, m! - 1, 1)),
      );
    },
    [lang],
  );
  return { number, month };
}
