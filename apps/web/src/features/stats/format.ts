import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMonth, formatNumber } from '../../lib/format';

/** Numbers of the statistics in the reader's language (1 or 2 decimals as the server rounded them). */
export function useStatsFormat() {
  const { i18n, t } = useTranslation();
  const lang = i18n.language;
  const number = useCallback(
    (n: number | null | undefined, digits = 1) => (n == null ? t('stats.none') : formatNumber(n, lang, { digits })),
    [lang, t],
  );
  /** 'YYYY-MM' → "Nov. 2026" (month names of the language). */
  const month = useCallback((ym: string) => formatMonth(ym, lang), [lang]);
  return { number, month };
}
