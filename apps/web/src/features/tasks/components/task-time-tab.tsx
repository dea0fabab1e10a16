import { Alert, Button, Group, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TASK_BILLING_MSG, TASKS_MSG, TEXT_LIMITS, type TaskDetails, type TaskTimeEntry } from '@portal/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DateInput, INVALID_DATE } from '../../../components/date-input';
import { DateDisplay } from '../../../components/date-display';
import { inputProps } from '../../../components/field-error';
import { Bidi, Ltr } from '../../../components/ltr';
import { Money } from '../../../components/money';
import { withTextLimit } from '../../../components/text-limit';
import { errorMessage } from '../../../lib/errors';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { downloadTaskInvoice } from '../api/download-task-invoice';
import { useTaskInvoice } from '../api/get-task-invoice';
import { useTaskTime } from '../api/get-task-time';
import { useRecordTaskTime } from '../api/record-task-time';
import { useStartTaskTime } from '../api/start-task-time';
import { useStopTaskTime } from '../api/stop-task-time';
import { notifyError, notifySuccess } from '../notify';
import { localDateTimeToIso } from '../task-utils';

interface TaskTimeTabProps {
  task: TaskDetails;
  /** The task's agent or an admin: may record time. */
  canRecord: boolean;
}

const M = TASK_BILLING_MSG;

/** Checks of the entry form before it is sent (the server checks again, "not in the future" by its clock). */
function validateEntry(v: { started_at: string; ended_at: string }) {
  const from = localDateTimeToIso(v.started_at === INVALID_DATE ? '' : v.started_at);
  const to = localDateTimeToIso(v.ended_at === INVALID_DATE ? '' : v.ended_at);
  return {
    started_at: from ? null : M.startRequired.code,
    ended_at: !to ? M.endRequired.code : from && to <= from ? M.endAfterStart.code : null,
  };
}

/**
 * Time of an emergency task (issue 31): start and stop (the running entry lives on the server, so a
 * reload loses nothing), an entry typed afterwards, the entries with their total and what closing will
 * bill; once closed, the invoice with its PDF.
 */
export function TaskTimeTab({ task, canRecord }: TaskTimeTabProps) {
  const { t } = useTranslation();
  const time = useTaskTime(task.id);
  const closed = task.status === 'abgeschlossen';
  const invoice = useTaskInvoice(task.id, closed);
  const start = useStartTaskTime();
  const stop = useStopTaskTime();
  const record = useRecordTaskTime();
  const clock = useOneAtATime();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { started_at: '', ended_at: '', note: '' },
    validate: validateEntry,
  });

  const running = time.data?.running ?? null;
  const editable = canRecord && !closed;

  const toggle = () =>
    void clock.run(() =>
      (running ? stop.mutateAsync({ taskID: task.id }) : start.mutateAsync({ taskID: task.id })).then(
        (answer) => notifySuccess(answer, t(running ? 'tasks.time.stopped' : 'tasks.time.started')),
        (e: unknown) => notifyError(e, t('tasks.time.error')),
      ),
    );

  const submit = form.onSubmit((values) =>
    record.mutate(
      {
        taskID: task.id,
        started_at: localDateTimeToIso(values.started_at),
        ended_at: localDateTimeToIso(values.ended_at),
        note: values.note.trim() || undefined,
      },
      {
        onSuccess: (answer) => {
          notifySuccess(answer, t('tasks.time.recorded'));
          form.reset();
        },
        onError: (e) => notifyError(e, t('tasks.time.error')),
      },
    ),
  );

  const columns: DataTableColumn<TaskTimeEntry>[] = [
    { key: 'from', header: t('tasks.time.from'), cell: (e) => <DateDisplay value={e.started_at} time /> },
    {
      key: 'to',
      header: t('tasks.time.to'),
      cell: (e) => (e.ended_at ? <DateDisplay value={e.ended_at} time /> : t('tasks.time.runningShort')),
    },
    {
      key: 'minutes',
      header: t('tasks.time.minutes'),
      cell: (e) => (e.minutes === null ? '–' : <Ltr>{e.minutes}</Ltr>),
      align: 'end',
    },
    { key: 'agent', header: t('tasks.time.agent'), cell: (e) => <Bidi>{e.user_name ?? '–'}</Bidi> },
    { key: 'note', header: t('tasks.time.note'), cell: (e) => <Bidi>{e.note}</Bidi> },
  ];

  return (
    <Stack gap="md" data-testid="task-time">
      {editable && (
        <Group gap="sm" align="center">
          <Button
            color={running ? 'red' : 'teal'}
            leftSection={running ? <IconPlayerStop size={16} /> : <IconPlayerPlay size={16} />}
            loading={clock.busy}
            onClick={toggle}
            disabled={time.isPending}
            data-testid={running ? 'task-time-stop' : 'task-time-start'}
          >
            {t(running ? 'tasks.time.stop' : 'tasks.time.start')}
          </Button>
          {running && (
            <Text size="sm" role="status" data-testid="task-time-running">
              {t('tasks.time.runningSince')} <DateDisplay value={running.started_at} time />
            </Text>
          )}
        </Group>
      )}

      {editable && (
        <form onSubmit={submit} noValidate>
          <Stack gap="xs" data-testid="task-time-form">
            <Title order={3} size="h6">
              {t('tasks.time.addTitle')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateInput
                withTime
                required
                label={t('tasks.time.from')}
                {...inputProps(form, 'started_at')}
                data-testid="task-time-from"
              />
              <DateInput
                withTime
                required
                label={t('tasks.time.to')}
                {...inputProps(form, 'ended_at')}
                data-testid="task-time-to"
              />
            </SimpleGrid>
            <Textarea
              label={t('tasks.time.note')}
              autosize
              minRows={1}
              maxRows={4}
              {...withTextLimit(inputProps(form, 'note'), TEXT_LIMITS.taskNote, TASKS_MSG.noteMax)}
              data-testid="task-time-note"
            />
            <Group justify="flex-end">
              <Button type="submit" variant="light" loading={record.isPending} data-testid="task-time-submit">
                {t('tasks.time.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      <DataTable
        columns={columns}
        rows={time.data?.entries}
        rowKey={(e) => e.id}
        caption={t('tasks.time.entries')}
        emptyText={t('tasks.time.empty')}
        loading={time.isPending}
        error={time.isError}
        onRetry={() => void time.refetch()}
        data-testid="task-time-entries"
      />

      {time.data && (
        <Text size="sm" data-testid="task-time-total">
          {t('tasks.time.total', { minutes: time.data.totalMinutes, hours: time.data.hours })}{' '}
          <Money cents={time.data.net} /> {t('tasks.time.net')} · <Money cents={time.data.gross} />{' '}
          {t('tasks.time.gross')}
        </Text>
      )}

      {closed && invoice.data && (
        <Alert color="blue" title={t('tasks.time.invoiceTitle')} data-testid="task-invoice">
          <Stack gap={4}>
            <Text size="sm">
              {t('tasks.time.invoiceNumber')}:{' '}
              <span data-testid="task-invoice-number">
                <Ltr>{invoice.data.number}</Ltr>
              </span>
            </Text>
            <Text size="sm">
              {t('tasks.time.net')}: <Money cents={invoice.data.net} /> · {t('tasks.time.vat')}:{' '}
              <Money cents={invoice.data.vat} /> · {t('tasks.time.gross')}: <Money cents={invoice.data.gross} />
            </Text>
            {downloadError && <Text c="red">{downloadError}</Text>}
            <Group>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={() => {
                  setDownloadError(null);
                  downloadTaskInvoice(task.id, invoice.data.number).catch((e: unknown) =>
                    setDownloadError(errorMessage(e, t('tasks.time.downloadError'))),
                  );
                }}
                data-testid="task-invoice-download"
              >
                PDF
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {closed && invoice.isError && (
        <Text size="sm" c="dimmed" data-testid="task-no-invoice">
          {t('tasks.time.noInvoice')}
        </Text>
      )}
    </Stack>
  );
}
