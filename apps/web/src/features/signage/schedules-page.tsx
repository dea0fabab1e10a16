import { ActionIcon, Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ScheduleRow, SIGNAGE_MSG } from '@portal/shared';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/translate-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { errorMessage } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { urlParam, useUrlFilters } from '../../lib/use-url-filters';
import { invalidateArea } from '../../lib/calls';
import { deleteSchedule } from './api/delete-schedule';
import { useSchedules } from './api/get-schedules';
import { SIGNAGE_PAGE } from './page-size';
import { ContentStrip } from './components/content-strip';
import { lazyNamed, preloadOnIntent } from '../../lib/lazy-page';
import { useOffsetPaging } from '../../lib/use-paging';
import { DaysText } from './components/days';
import { PageHeader } from '../../components/page-header';

const FILTERS = { status: urlParam.oneOf(['active', 'inactive', 'all'] as const, 'active') };

/** The schedule and its content dialogs load on the first pointer or focus in the screen. */
const ScheduleDialog = lazyNamed(
  () => import('./components/schedule-dialog'),
  (m) => m.ScheduleDialog,
);
const ScheduleContentDialog = lazyNamed(
  () => import('./components/schedule-content-dialog'),
  (m) => m.ScheduleContentDialog,
);
const PRELOAD = preloadOnIntent(ScheduleDialog, ScheduleContentDialog);

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
    {
      key: 'content',
      header: t('signage.schedules.contentCount'),
      cell: (s) => <ContentStrip schedule={s} onOpen={() => setContentOf(s)} />,
    },
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
    <Stack gap="md" {...PRELOAD}>
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
      <Suspense fallback={null}>
        {editing && <ScheduleDialog schedule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
        {contentOf && <ScheduleContentDialog schedule={contentOf} onClose={() => setContentOf(null)} />}
      </Suspense>
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
