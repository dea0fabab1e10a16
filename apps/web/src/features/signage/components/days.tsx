import { parseDays } from '@portal/shared';
import { useTranslation } from 'react-i18next';

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** "Mo, Di, Mi" of a comma-joined weekday list, or "täglich" for all seven. */
export function DaysText({ days }: { days: string }) {
  const { t } = useTranslation();
  const list = parseDays(days);
  if (list.length === 7) return <>{t('signage.weekdays.all')}</>;
  return <>{list.map((d) => t(`signage.weekdays.${d}`)).join(', ')}</>;
}
