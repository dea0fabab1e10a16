import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { addNoteSchema, TASKS_MSG, TEXT_LIMITS, type TaskDetails, type TaskNote } from '@portal/shared';
import { fieldError } from '../../../components/field-error';
import { withTextLimit } from '../../../components/text-limit';
import { useAddTaskNote } from '../api/add-task-note';
import { useTaskNotes } from '../api/get-task-notes';
import { notifyError, notifySuccess } from '../notify';
import { useDateTime } from '../use-date-time';
import { Ltr } from '../../../components/ltr';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';

/** Notes of the task and, while it is open, a field to add one. */
export function TaskNotesTab({
  task,
  initialNotes,
  userId,
}: {
  task: TaskDetails;
  initialNotes: TaskNote[];
  userId: number;
}) {
  const { t } = useTranslation();
  const fmt = useDateTime();
  const notes = useTaskNotes(task.id, initialNotes);
  const add = useAddTaskNote();
  const { busy, run: send } = useOneAtATime();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const closed = task.status !== 'offen';

  const submit = () => {
    const parsed = addNoteSchema.safeParse({ taskID: task.id, notiz: text, agentID: userId });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      field.current?.focus();
      return;
    }
    setError(undefined);
    // One note per click, however often it is clicked; the focus goes back to the field for the next one.
    send(() =>
      add
        .mutateAsync({ taskID: task.id, notiz: parsed.data.notiz, agentID: userId })
        .then(
          (answer) => {
            setText('');
            notifySuccess(answer, t('tasks.notes.added'));
          },
          (e: unknown) => notifyError(e, t('tasks.notes.error')),
        )
        .finally(() => requestAnimationFrame(() => field.current?.focus())),
    );
  };

  const list = notes.data ?? [];
  return (
    <Stack gap="md">
      {closed && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} role="status" data-testid="notes-closed-info">
          {t('tasks.notes.closedInfo')}
        </Alert>
      )}
      <Stack gap="xs">
        <Textarea
          label={t('tasks.notes.new')}
          placeholder={t('tasks.notes.placeholder')}
          autosize
          minRows={2}
          maxRows={8}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
          }}
          ref={field}
          disabled={closed}
          // Read only while it is sent: disabled, the field would drop the focus to the page.
          readOnly={busy}
          {...withTextLimit(
            {
              value: text,
              onChange: (e: ChangeEvent<HTMLTextAreaElement>) => {
                setText(e.currentTarget.value);
                if (error) setError(undefined);
              },
              error: fieldError(error),
            },
            TEXT_LIMITS.taskNote,
            TASKS_MSG.noteMax,
          )}
          data-testid="note-input"
        />
        <Group justify="flex-end">
          <Button onClick={submit} loading={busy} disabled={closed} data-testid="note-submit">
            {t('tasks.notes.add')}
          </Button>
        </Group>
      </Stack>
      {notes.isError && <Text c="red">{t('tasks.notes.loadError')}</Text>}
      {notes.isPending && !list.length ? (
        <ListSkeleton rows={2} />
      ) : list.length === 0 ? (
        <Text c="dimmed">{t('tasks.notes.empty')}</Text>
      ) : (
        <Stack gap="xs" data-testid="notes-list">
          {list.map((n) => (
            <Paper key={n.id} withBorder p="sm" data-testid={`note-${n.id}`}>
              <Group justify="space-between" gap="xs" mb={4}>
                <Text size="sm" fw={600} dir="auto">
                  {n.agent_name}
                </Text>
                <Text size="xs" c="dimmed">
                  <Ltr>{fmt(n.erstellt_am)}</Ltr>
                </Text>
              </Group>
              <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {n.notiz}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
