import { Badge, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TaskRow } from '@portal/shared';
import { hoursAndMinutes, slaAt } from '../sla-time';
import { useSlaRules } from '../api/get-service-levels';

/** Badge colour and, on the light ones, a dark text of the same hue (contrast at least 4.5:1, axe). */
const COLOR = {
  ok: ['teal', '#0b5d44'],
  warning: ['orange', '#8a3a00'],
  breached: ['red.9', undefined],
  met: ['gray', 'gray.8'],
  paused: ['gray', 'gray.8'],
} as const;

/**
 * The time left to a task's service-level deadline ("noch 2 Std 15 Min"), red once passed, "pausiert"
 * while paused; counted on with the board's minute tick (`now`), not by asking the server again.
 */
export function SlaBadge({
  task,
  now,
  plain = false,
}: {
  task: Pick<TaskRow, 'sla' | 'typ' | 'country_id' | 'status'>;
  now: number;
  /** As text of the line's height (the list's rows), not a badge. */
  plain?: boolean;
}) {
  const { t } = useTranslation();
  const rules = useSlaRules(task.status === 'offen' && !!task.sla);
  const sla = slaAt(task, now, rules);
  if (!sla || task.status !== 'offen') return null;
  let text: string;
  if (sla.state === 'paused') text = t('tasks.sla.paused');
  else {
    const { h, m } = hoursAndMinutes(sla.minutes ?? 0);
    const time = h > 0 ? t('tasks.sla.hoursMinutes', { h, m }) : t('tasks.sla.minutes', { m });
    text = sla.state === 'breached' ? t('tasks.sla.over', { time }) : t('tasks.sla.left', { time });
  }
  if (plain)
    return (
      <Text
        span
        inherit
        c={sla.state === 'breached' ? 'red.9' : sla.state === 'warning' ? '#8a3a00' : undefined}
        fw={sla.state === 'breached' ? 700 : undefined}
        data-testid="sla-badge"
        data-state={sla.state}
      >
        {text}
      </Text>
    );
  return (
    <Badge
      color={COLOR[sla.state][0]}
      c={COLOR[sla.state][1]}
      variant={sla.state === 'breached' ? 'filled' : 'light'}
      size="sm"
      leftSection={<IconClockHour4 size={12} aria-hidden />}
      data-testid="sla-badge"
      data-state={sla.state}
      title={t('tasks.sla.title')}
      style={{ textTransform: 'none' }}
    >
      {text}
    </Badge>
  );
}
