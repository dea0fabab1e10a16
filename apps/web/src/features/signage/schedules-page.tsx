import { ActionIcon, Button, Checkbox, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ALL_DAYS,
  parseDays,
  SCHEDULE_DEFAULT_WINDOW,
  startsBeforeEnd,
  TIME_OF_DAY,
  type ScheduleRow,
  type SignageCustomerHit,
  SIGNAGE_MSG,
} from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/translate-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { errorMessage } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { urlParam, useUrlFilters } from '../../lib/use-url-filters';
import { invalidateArea } from '../../lib/calls';
import { createSchedule } from './api/create-schedule';
import { deleteSchedule } from './api/delete-schedule';
import { useSchedules } from './api/get-schedules';
import { updateSchedule } from './api/update-schedule';
import { SIGNAGE_PAGE } from './page-size';
import { CustomerPicker } from './components/customer-picker';
import { ScheduleContentDialog } from './components/schedule-content-dialog';
import { useOffsetPaging } from '../../lib/use-paging';
import { DaysText, WEEKDAYS } from './components/days';
import { PageHeader } from '../../components/page-header';

const FILTERS = { status: urlParam.oneOf(['active', 'inactive', 'all'] as const, 'active') };

/** Schedules: list (active by default), create and edit (08:00–17:00, all days), delete after confirmation. */
export default function SignageSchedulesPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { values, setParam } = useUrlFilters(FILTERS);
  const { offset, setOffset, paging } = useOffsetPaging(SIGNAGE_PAGE);
  const schedules = useSchedules(values.status, offset);
  const [editing, setEditing] = useState<ScheduleRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ScheduleRow | null>(null);
  const [contentOf, setContentOf] = useState<ScheduleRow | null>(null);

  const remove = useMutation({
    mutationFn: (id: number) => deleteSchedule(id),
    onSuccess: () => {
      void invalidateArea(qc, 'signage');
      notifications.show({ color: 'green', message: t('signage.schedules.deleted') });
      setDeleting(null);
    },
    onError: (e) =>
      notifications.show({
        color: 'red',
        message: errorMessage(e, translateMessage(SIGNAGE_MSG.scheduleDeleteFailed)),
      }),
  });

  const columns: DataTableColumn<ScheduleRow>[] = [
    { key: 'name', header: t('signage.schedules.name'), cell: (s) => s.schedule_name },
    { key: 'customer', header: t('signage.devices.customer'), cell: (s) => s.customer_name },
    {
      key: 'time',
      header: t('signage.schedules.time'),
      cell: (s) => <span dir="ltr" style={{ whiteSpace: 'nowrap' }}>{`${s.start_time}–${s.end_time}`}</span>,
    },
    { key: 'days', header: t('signage.schedules.days'), cell: (s) => <DaysText days={s.days_of_week} /> },
    { key: 'content', header: t('signage.schedules.contentCount'), align: 'end', cell: (s) => s.content_count },
    {
      key: 'status',
      header: t('signage.devices.status'),
      cell: (s) => (s.status === 'active' ? t('signage.schedules.active') : t('signage.schedules.inactive')),
    },
    {
      key: 'actions',
      header: t('signage.devices.actions'),
      cell: (s) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPhoto size={14} />}
            onClick={() => setContentOf(s)}
            data-testid="schedule-content"
          >
            {t('signage.scheduleContent.open')}
          </Button>
          <ActionIcon variant="subtle" aria-label={t('signage.schedules.edit')} onClick={() => setEditing(s)}>
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('signage.schedules.delete')}
            onClick={() => setDeleting(s)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title={t('signage.schedules.title')}>
        <Button onClick={() => setEditing('new')} data-testid="new-schedule">
          {t('signage.schedules.new')}
        </Button>
      </PageHeader>
      <SegmentedControl
        w="fit-content"
        value={values.status}
        onChange={(v) => {
          setOffset(0);
          setParam('status', v === 'active' ? null : v);
        }}
        data={[
          { value: 'active', label: t('signage.schedules.active') },
          { value: 'inactive', label: t('signage.schedules.inactive') },
          { value: 'all', label: t('signage.schedules.all') },
        ]}
      />
      <DataTable
        columns={columns}
        rows={schedules.data?.rows}
        rowKey={(s) => s.schedule_id}
        caption={t('signage.schedules.title')}
        emptyText={t('signage.schedules.empty')}
        loading={schedules.isPending}
        error={schedules.isError}
        onRetry={() => void schedules.refetch()}
        paging={paging(schedules.data)}
        data-testid="schedules-table"
      />
      {editing && <ScheduleDialog schedule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {contentOf && <ScheduleContentDialog schedule={contentOf} onClose={() => setContentOf(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('signage.schedules.delete')}
        text={t('signage.schedules.deleteText', { name: deleting?.schedule_name ?? '' })}
        confirmLabel={t('signage.schedules.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.schedule_id)}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}

function ScheduleDialog({ schedule, onClose }: { schedule: ScheduleRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [name, setName] = useState(schedule?.schedule_name ?? '');
  const [start, setStart] = useState(schedule?.start_time ?? SCHEDULE_DEFAULT_WINDOW.start_time);
  const [end, setEnd] = useState(schedule?.end_time ?? SCHEDULE_DEFAULT_WINDOW.end_time);
  const [days, setDays] = useState<string[]>(parseDays(schedule?.days_of_week ?? ALL_DAYS).map(String));
  const [active, setActive] = useState(schedule ? schedule.status === 'active' : true);
  const [customer, setCustomer] = useState<SignageCustomerHit | null>(
    schedule
      ? {
          id: schedule.customer_id,
          firma: schedule.customer_name,
          stripe_cu_id: schedule.stripe_customer_id,
          email: null,
          kundennummer: '',
          name: null,
        }
      : null,
  );
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () => {
      const input = {
        schedule_name: name,
        // The spec's form sends the Stripe reference; customers without one go by their record id.
        ...(customer?.stripe_cu_id
          ? { stripe_customer_id: customer.stripe_cu_id }
          : { customer_id: customer?.id ?? null }),
        start_time: start,
        end_time: end,
        days: days.join(','),
        status: active ? ('active' as const) : ('inactive' as const),
      };
      return schedule ? updateSchedule(schedule.schedule_id, input) : createSchedule(input);
    },
    onSuccess: () => {
      void invalidateArea(qc, 'signage');
      notifications.show({ color: 'green', message: t('signage.schedules.saved') });
      onClose();
    },
    onError: (e) => setError(errorMessage(e, translateMessage(SIGNAGE_MSG.scheduleSaveFailed))),
  });

  const submit = () => {
    if (!name.trim() || !customer || days.length === 0 || !TIME_OF_DAY.test(start) || !TIME_OF_DAY.test(end)) {
      setError(translateMessage(SIGNAGE_MSG.scheduleRequired));
      return;
    }
    if (!startsBeforeEnd(start, end)) {
      setError(translateMessage(SIGNAGE_MSG.timeOrder));
      return;
    }
    setError(null);
    save.mutate();
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={onClose}
      title={schedule ? t('signage.schedules.edit') : t('signage.schedules.new')}
      centered
      size="lg"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('signage.schedules.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
            data-testid="schedule-name"
          />
          <CustomerPicker label={t('signage.devices.customer')} value={customer} onChange={setCustomer} />
          <Group grow>
            <TextInput
              type="time"
              label={t('signage.schedules.start')}
              value={start}
              onChange={(e) => setStart(e.currentTarget.value)}
              required
              dir="ltr"
            />
            <TextInput
              type="time"
              label={t('signage.schedules.end')}
              value={end}
              onChange={(e) => setEnd(e.currentTarget.value)}
              required
              dir="ltr"
            />
          </Group>
          <Checkbox.Group label={t('signage.schedules.days')} value={days} onChange={(v) => setDays([...v].sort())}>
            <Group gap="sm" mt={4}>
              {WEEKDAYS.map((d) => (
                <Checkbox key={d} value={String(d)} label={t(`signage.weekdays.${d}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Checkbox
            label={t('signage.schedules.active')}
            checked={active}
            onChange={(e) => setActive(e.currentTarget.checked)}
          />
          {error && (
            <Text c="red.8" size="sm" role="alert" data-testid="schedule-error">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="schedule-save">
              {t('signage.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
