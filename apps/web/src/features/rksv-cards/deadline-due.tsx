import { Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateDisplay } from '../../components/date-display';
import { daysLeft, urgency } from './deadline-filters';

/**
 * Passed: red text (shade 9 reaches 4.5:1 on white); soon: the text's own colour in bold beside an orange
 * clock (an orange text of that size misses 4.5:1); later: dimmed.
 */
const COLOR = { overdue: 'red.9', soon: undefined, later: 'dimmed' } as const;

/** What is left of a deadline on `today`: "in 12 Tagen", "heute fällig", "überfällig seit 3 Tagen". */
export function useDaysText() {
  const { t } = useTranslation();
  return (due: string, today: string): string => {
    const n = daysLeft(due, today);
    if (n === 0) return t('rksvCards.due.today');
    if (n === 1) return t('rksvCards.due.tomorrow');
    if (n > 1) return t('rksvCards.due.inDays', { n });
    if (n === -1) return t('rksvCards.due.overdueOne');
    return t('rksvCards.due.overdue', { n: -n });
  };
}

/**
 * A deadline's day with the days left (or since it passed) beneath, coloured by urgency: red once
 * passed, orange within the staff's first reminder (14 days).
 */
export function DeadlineDue({ due, today, inline }: { due: string; today: string; inline?: boolean }) {
  const daysText = useDaysText();
  const level = urgency(due, today);
  const icon =
    level === 'overdue' ? (
      <IconAlertTriangle size={14} color="var(--mantine-color-red-9)" aria-hidden />
    ) : level === 'soon' ? (
      <IconClockExclamation size={14} color="var(--mantine-color-orange-7)" aria-hidden />
    ) : null;
  const text = (
    <Text span size="xs" c={COLOR[level]} fw={level === 'later' ? undefined : 600} data-urgency={level}>
      {daysText(due, today)}
    </Text>
  );
  const days = icon ? (
    <Group component="span" gap={4} wrap="nowrap" style={{ display: 'inline-flex' }}>
      {icon}
      {text}
    </Group>
  ) : (
    text
  );
  if (inline)
    return (
      <span data-testid="deadline-due" data-due={due}>
        <DateDisplay value={due} /> {days}
      </span>
    );
  return (
    <Stack gap={0} data-testid="deadline-due" data-due={due}>
      <Text size="sm">
        <DateDisplay value={due} />
      </Text>
      {days}
    </Stack>
  );
}
