import { Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lastJahresbelegYear, rksvJahresbelegSchema, viennaDay, type RksvCardLife } from '@portal/shared';
import { DateDisplay } from '../../components/date-display';
import { DateInput } from '../../components/date-input';
import { Ltr, UserText } from '../../components/ltr';
import { focusFirstInvalidSoon } from '../../lib/focus-first-invalid';
import { notifications } from '../../lib/toasts';
import { useSendOnce } from '../../lib/use-send-once';
import { useCheckRksvJahresbeleg } from './api/check-jahresbeleg';
import { checkFields, dayInstant, focusDeadlines, splitRefusal, todayLocal } from './card-forms';

const FIELDS = ['year', 'checked_at'] as const;

/**
 * The years a card may have its Jahresbeleg checked for (`jahresbelegYearValid`: from the year of its
 * activation to the last year ended: the Jahresbeleg is the December receipt), less those already checked; the oldest first, as it is the one due.
 */
export function openYears(life: RksvCardLife, now = new Date()): number[] {
  if (!life.card.activated_at) return [];
  const first = Number(viennaDay(life.card.activated_at).slice(0, 4));
  const last = lastJahresbelegYear(now);
  const done = new Set(life.jahresbelege.map((j) => j.year));
  const out: number[] = [];
  for (let y = first; y <= last; y++) if (!done.has(y)) out.push(y);
  return out;
}

/** The yearly receipts checked (newest first) and the form recording the next one: year and day checked. */
export function JahresbelegForm({ life, onAlert }: { life: RksvCardLife; onAlert: (message: string | null) => void }) {
  const { t } = useTranslation();
  const check = useCheckRksvJahresbeleg();
  const { send, busy } = useSendOnce(check);
  const years = openYears(life);
  const [year, setYear] = useState<string | null>(years[0] !== undefined ? String(years[0]) : null);
  const [day, setDay] = useState(todayLocal());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const selected =
    year !== null && years.includes(Number(year)) ? year : years[0] !== undefined ? String(years[0]) : null;

  const submit = () => {
    onAlert(null);
    const body = { cardId: life.card.id, year: Number(selected), checked_at: day ? dayInstant(day) : '' };
    const checked = checkFields(rksvJahresbelegSchema, body);
    setErrors(checked);
    if (Object.keys(checked).length > 0) {
      focusFirstInvalidSoon('[data-testid="jahresbeleg-form"]');
      return;
    }
    send(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('rksvCards.jahresbeleg.saved', { year: body.year }) });
        focusDeadlines();
      },
      onError: (e) => {
        const refused = splitRefusal(e, FIELDS, t('rksvOrders.saveError'));
        setErrors(refused.fields);
        onAlert(refused.alert);
        if (!refused.alert) focusFirstInvalidSoon('[data-testid="jahresbeleg-form"]');
      },
    });
  };

  return (
    <Stack gap="xs" data-testid="jahresbelege">
      {life.jahresbelege.length > 0 ? (
        <Table fz="xs" data-testid="jahresbelege-done">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rksvCards.jahresbeleg.year')}</Table.Th>
              <Table.Th>{t('rksvCards.jahresbeleg.checkedAt')}</Table.Th>
              <Table.Th>{t('rksvCards.jahresbeleg.by')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {life.jahresbelege.map((j) => (
              <Table.Tr key={j.year} data-year={j.year}>
                <Table.Td>
                  <Ltr>{j.year}</Ltr>
                </Table.Td>
                <Table.Td>
                  <DateDisplay value={j.checked_at} />
                </Table.Td>
                <Table.Td>{j.user_name ? <UserText size="xs">{j.user_name}</UserText> : '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="xs" c="dimmed">
          {t('rksvCards.jahresbeleg.none')}
        </Text>
      )}
      {selected === null && life.card.activated_at && (
        // The Jahresbeleg is the December receipt: the next one to check is made on 31 December.
        <Text size="xs" c="dimmed" data-testid="jahresbeleg-not-yet">
          {t('rksvCards.jahresbeleg.notYet', { day: `31.12.${lastJahresbelegYear() + 1}` })}
        </Text>
      )}
      {selected !== null && (
        <form
          noValidate
          data-testid="jahresbeleg-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Group gap="xs" align="flex-start" wrap="wrap">
            <Select
              label={t('rksvCards.jahresbeleg.year')}
              data={years.map((y) => ({ value: String(y), label: String(y) }))}
              value={selected}
              onChange={(v) => {
                setYear(v);
                setErrors(({ year: _gone, ...rest }) => rest);
              }}
              allowDeselect={false}
              error={errors.year}
              w={120}
              data-testid="jahresbeleg-year"
            />
            <DateInput
              label={t('rksvCards.jahresbeleg.checkedAt')}
              value={day}
              max={todayLocal()}
              onChange={(v) => {
                setDay(v);
                setErrors(({ checked_at: _gone, ...rest }) => rest);
              }}
              error={errors.checked_at}
              w={180}
              data-testid="jahresbeleg-day"
            />
            <Button type="submit" size="xs" mt={25} loading={busy} data-testid="jahresbeleg-save">
              {t('rksvCards.jahresbeleg.save')}
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
