import { Text } from '@mantine/core';
import { lookBackMonths } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useStatsFormat } from '../format';

/** The window of the figures in words: "Jun. 2026 – Nov. 2026". */
export function WindowNote() {
  const { t } = useTranslation();
  const { month } = useStatsFormat();
  const months = lookBackMonths(new Date());
  return (
    <Text size="sm" c="dimmed">
      {t('stats.window', { from: month(months[0]!), to: month(months.at(-1)!) })}
    </Text>
  );
}
