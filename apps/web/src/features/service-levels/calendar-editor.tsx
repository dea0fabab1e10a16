import type { TFunction } from 'i18next';
import { ActionIcon, Alert, Badge, Button, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowsExchange, IconBan, IconPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SERVICE_LEVELS_MSG,
  manualDaySchema,
  serviceCalendarInputSchema,
  type ManualDay,
  type ServiceCalendarView,
  type ServiceHours,
} from '@portal/shared';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { DateDisplay } from '../../components/date-display';
import { DateInput } from '../../components/date-input';
import { fieldError, inputProps } from '../../components/field-error';
import { Ltr } from '../../components/ltr';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { focusFirstInvalid } from '../../lib/focus-first-invalid';
import { notifications } from '../../lib/toasts';
import { useOneAtATime } from '../../lib/use-one-at-a-time';
import { useUpdateServiceCalendar } from './api/update-service-calendar';

type Payload = { hours: ServiceHours[]; holidays: ManualDay[] };
type Row = {
  date: string;
  name: string;
  source: 'computed' | 'manual' | 'cancelled';
  keys?: { key: string; day?: number }[];
};

/** A computed holiday in the reader's language (by its ids); a manual day as the admin named it. */
function dayName(t: TFunction, r: Row): string {
  if (!r.keys?.length) return r.name;
  return r.keys
    .map(({ key, day }) => {
      const name = t(`serviceLevels.holidayNames.${key}`, { defaultValue: r.name });
      return day ? t('serviceLevels.holidayNames.dayOf', { name, day }) : name;
    })
    .join(', ');
}

const issuesOf = (issues: { path: PropertyKey[]; message: string }[]) =>
  Object.fromEntries(issues.map((i) => [i.path.map(String).join('.'), i.message]));

/**
 * One country's service calendar (issue 31): the weekly hours as a form, the closed days of the next
 * 12 months (computed and manual, marked) with cancel, move and remove, and a day to add. Every change
 * is the whole calendar, saved after a confirmation that names the open tasks it recomputes.
 */
export function CalendarEditor({ cal }: { cal: ServiceCalendarView }) {
  const { t } = useTranslation();
  const save = useUpdateServiceCalendar();
  const { busy, run } = useOneAtATime();
  const [pending, setPending] = useState<Payload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [moving, setMoving] = useState<Row | null>(null);
  const [moveTo, setMoveTo] = useState('');
  const [moveError, setMoveError] = useState<string | undefined>();
  const hoursForm = useForm<{ hours: ServiceHours[] }>({
    mode: 'controlled',
    initialValues: { hours: cal.hours },
    validate: (v) => {
      const r = serviceCalendarInputSchema.safeParse({ hours: v.hours, holidays: [] });
      return r.success ? {} : issuesOf(r.error.issues);
    },
  });
  const dayForm = useForm<{ date: string; name: string }>({
    mode: 'controlled',
    initialValues: { date: '', name: '' },
    validate: (v) => {
      const r = manualDaySchema.safeParse({ ...v, closed: true });
      const errors: Record<string, string> = r.success ? {} : issuesOf(r.error.issues);
      if (r.success && cal.manual.some((m) => m.date === v.date)) errors.date = SERVICE_LEVELS_MSG.dateTwice.code;
      return errors;
    },
  });
  const manual = cal.manual.map(({ date, name, closed }) => ({ date, name, closed }));

  const rows: Row[] = [
    ...cal.holidays,
    // The cancelled holidays (open manual days), so they can be restored.
    ...cal.manual.filter((m) => !m.closed).map((m) => ({ date: m.date, name: m.name, source: 'cancelled' as const })),
  ].sort((a, b) => a.date.localeCompare(b.date));

  const weekdays = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: String(d), label: t(`serviceLevels.weekdays.${d}`) }));

  const confirm = () =>
    pending &&
    void run(() =>
      save.mutateAsync({ countryId: cal.country_id, ...pending }).then(
        (res) => {
          notifications.show({ color: 'green', message: t('serviceLevels.saved', { n: res.recomputed }) });
          setPending(null);
          setError(null);
          dayForm.reset();
        },
        (e: unknown) => {
          setPending(null);
          const fields = fieldErrorsOf(e);
          const hourErrors = Object.fromEntries(Object.entries(fields).filter(([k]) => k.startsWith('hours.')));
          if (Object.keys(hourErrors).length) hoursForm.setErrors(hourErrors);
          const added = `holidays.${manual.length}.`;
          for (const f of ['date', 'name'] as const)
            if (fields[added + f]) dayForm.setFieldError(f, fields[added + f]);
          setError(errorMessage(e, t('serviceLevels.saveError')));
        },
      ),
    );

  return (
    <Stack gap="lg" data-testid={`calendar-${cal.country_id}`}>
      {error && (
        <Alert color="red" data-testid="calendar-error">
          {error}
        </Alert>
      )}
      <section>
        <Title order={2} size="h4" mb="xs">
          {t('serviceLevels.hours.title')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('serviceLevels.hours.zone', { zone: cal.zone })}
        </Text>
        <form
          noValidate
          onSubmit={hoursForm.onSubmit(
            (v) => setPending({ hours: v.hours, holidays: manual }),
            () => focusFirstInvalid(`[data-testid="calendar-${cal.country_id}"]`),
          )}
        >
          <Stack gap="xs">
            {hoursForm.values.hours.map((_, i) => (
              <Group key={i} gap="xs" align="flex-start" wrap="wrap" data-testid="hours-row">
                <Select
                  aria-label={t('serviceLevels.hours.weekday')}
                  data={weekdays}
                  allowDeselect={false}
                  w={150}
                  value={String(hoursForm.values.hours[i]!.weekday)}
                  onChange={(v) => hoursForm.setFieldValue(`hours.${i}.weekday`, Number(v))}
                  error={fieldError(hoursForm.errors[`hours.${i}.weekday`])}
                />
                <TextInput
                  aria-label={t('serviceLevels.hours.start')}
                  placeholder="09:30"
                  w={90}
                  dir="ltr"
                  inputMode="numeric"
                  {...inputProps(hoursForm, `hours.${i}.start`)}
                  data-testid={`hours-${i}-start`}
                />
                <Text pt={6} aria-hidden>
                  –
                </Text>
                <TextInput
                  aria-label={t('serviceLevels.hours.end')}
                  placeholder="17:30"
                  w={90}
                  dir="ltr"
                  inputMode="numeric"
                  {...inputProps(hoursForm, `hours.${i}.end`)}
                  data-testid={`hours-${i}-end`}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('serviceLevels.hours.remove')}
                  onClick={() => hoursForm.removeListItem('hours', i)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => hoursForm.insertListItem('hours', { weekday: 1, start: '09:00', end: '17:00' })}
              >
                {t('serviceLevels.hours.add')}
              </Button>
              <Button type="submit" data-testid="hours-save">
                {t('serviceLevels.hours.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </section>

      <section>
        <Title order={2} size="h4" mb="xs">
          {t('serviceLevels.days.title')}
        </Title>
        <DataTable<Row>
          caption={t('serviceLevels.days.caption')}
          emptyText={t('serviceLevels.days.empty')}
          rows={rows}
          rowKey={(r) => `${r.source}-${r.date}`}
          columns={[
            { key: 'date', header: t('serviceLevels.days.date'), cell: (r) => <DateDisplay value={r.date} /> },
            { key: 'name', header: t('serviceLevels.days.name'), cell: (r) => dayName(t, r) },
            {
              key: 'source',
              header: t('serviceLevels.days.source'),
              cell: (r) => (
                <Badge color={r.source === 'computed' ? 'gray' : r.source === 'manual' ? 'blue' : 'grape'}>
                  {t(`serviceLevels.days.sources.${r.source}`)}
                </Badge>
              ),
            },
            {
              key: 'actions',
              header: t('serviceLevels.days.actions'),
              align: 'end',
              cell: (r) => (
                <Group gap={4} justify="flex-end" wrap="wrap">
                  {r.source === 'computed' && (
                    <>
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconBan size={14} aria-hidden />}
                        onClick={() =>
                          setPending({ hours: cal.hours, holidays: [...manual, { date: r.date, name: r.name, closed: false }] })
                        }
                      >
                        {t('serviceLevels.days.cancel')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        leftSection={<IconArrowsExchange size={14} aria-hidden />}
                        onClick={() => {
                          setMoveTo('');
                          setMoveError(undefined);
                          setMoving(r);
                        }}
                      >
                        {t('serviceLevels.days.move')}
                      </Button>
                    </>
                  )}
                  {r.source !== 'computed' && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color={r.source === 'manual' ? 'red' : undefined}
                      leftSection={
                        r.source === 'manual' ? <IconTrash size={14} aria-hidden /> : <IconRestore size={14} aria-hidden />
                      }
                      onClick={() => setPending({ hours: cal.hours, holidays: manual.filter((m) => m.date !== r.date) })}
                    >
                      {t(r.source === 'manual' ? 'serviceLevels.days.remove' : 'serviceLevels.days.restore')}
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
        />
      </section>

      <section>
        <Title order={2} size="h4" mb="xs">
          {t('serviceLevels.days.addTitle')}
        </Title>
        <form
          noValidate
          onSubmit={dayForm.onSubmit((v) =>
            setPending({ hours: cal.hours, holidays: [...manual, { date: v.date, name: v.name, closed: true }] }),
          )}
        >
          <Group align="flex-end" wrap="wrap">
            <DateInput
              label={t('serviceLevels.days.date')}
              required
              value={dayForm.values.date}
              onChange={(v) => dayForm.setFieldValue('date', v)}
              error={fieldError(dayForm.errors.date)}
              data-testid="day-date"
            />
            <TextInput
              label={t('serviceLevels.days.name')}
              required
              maxLength={100}
              {...inputProps(dayForm, 'name')}
              data-testid="day-name"
            />
            <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} data-testid="day-add">
              {t('serviceLevels.days.add')}
            </Button>
          </Group>
        </form>
      </section>

      <Modal
        opened={moving !== null}
        onClose={() => setMoving(null)}
        title={t('serviceLevels.days.moveTitle', { name: moving ? dayName(t, moving) : '' })}
        centered
      >
        <Stack>
          <Text size="sm">
            <Ltr>
              <DateDisplay value={moving?.date ?? ''} />
            </Ltr>{' '}
            → {t('serviceLevels.days.moveTo')}
          </Text>
          <DateInput
            label={t('serviceLevels.days.moveTo')}
            required
            value={moveTo}
            onChange={setMoveTo}
            error={moveError}
            data-testid="move-date"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setMoving(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              data-testid="move-confirm"
              onClick={() => {
                if (!moving) return;
                const ok = manualDaySchema.safeParse({ date: moveTo, name: moving.name });
                if (!ok.success || moveTo === moving.date || manual.some((m) => m.date === moveTo)) {
                  setMoveError(fieldError(ok.success ? SERVICE_LEVELS_MSG.dateTwice.code : SERVICE_LEVELS_MSG.date.code));
                  return;
                }
                setPending({
                  hours: cal.hours,
                  holidays: [
                    ...manual,
                    { date: moving.date, name: moving.name, closed: false },
                    { date: moveTo, name: moving.name, closed: true },
                  ],
                });
                setMoving(null);
              }}
            >
              {t('serviceLevels.days.move')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <ConfirmDialog
        opened={pending !== null}
        title={t('serviceLevels.confirmTitle')}
        text={t('serviceLevels.confirmText', { n: cal.open_tasks })}
        confirmLabel={t('serviceLevels.confirmSave')}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}
