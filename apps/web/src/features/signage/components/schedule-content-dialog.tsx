import { ActionIcon, Alert, Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { SIGNAGE_MSG, type AssignedContent, type ScheduleRow } from '@portal/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { errorMessage, fieldErrorsOf } from '../../../lib/errors';
import { notifications } from '../../../lib/toasts';
import { translateMessage } from '../../../lib/translate-message';
import { useFiles } from '../api/get-files';
import { useSaveScheduleContent, useScheduleContent } from '../api/schedule-content';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { MediaPreview } from './media-preview';

type Item = Pick<
  AssignedContent,
  'file_id' | 'file_name' | 'file_type' | 'file_path' | 'duration' | 'start_time' | 'end_time' | 'days_of_week'
> & { key: string };

const toItem = (c: Omit<Item, 'key'>, key: string): Item => ({ ...c, key });

/**
 * A schedule's content: which pictures and videos it plays, in which order, each for how long. Items
 * are added from the content files, moved with the arrows (keyboard and touch alike) and saved as one
 * list; a refused duration is shown at its row.
 */
export function ScheduleContentDialog({ schedule, onClose }: { schedule: ScheduleRow; onClose: () => void }) {
  const { t } = useTranslation();
  const current = useScheduleContent(schedule.schedule_id);
  const files = useFiles(0);
  const save = useSaveScheduleContent();
  const sending = useOneAtATime();
  const [items, setItems] = useState<Item[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  // The list as stored, once: later refreshes must not throw away what is being edited.
  useEffect(() => {
    if (items === null && current.data) setItems(current.data.content.map((c) => toItem(c, `s${c.id}`)));
  }, [current.data, items]);

  const list = items ?? [];
  const move = (from: number, to: number) =>
    setItems((old) => {
      const next = [...(old ?? [])];
      const [one] = next.splice(from, 1);
      next.splice(to, 0, one!);
      return next;
    });
  const add = (fileId: string | null) => {
    const file = files.data?.rows.find((f) => String(f.id) === fileId);
    if (!file) return;
    setItems((old) => [
      ...(old ?? []),
      toItem(
        {
          file_id: file.id,
          file_name: file.file_name,
          file_type: file.file_type,
          file_path: file.file_path,
          duration: file.duration,
          start_time: '00:00',
          end_time: '23:59',
          days_of_week: '1,2,3,4,5,6,7',
        },
        `n${Date.now()}-${file.id}`,
      ),
    ]);
  };

  const submit = () => {
    setErrors({});
    setFailure(null);
    void sending.run(() =>
      save.mutateAsync(
        {
          id: schedule.schedule_id,
          content: list.map((i, index) => ({
            file_id: i.file_id,
            display_order: index,
            duration: i.duration,
            start_time: i.start_time,
            end_time: i.end_time,
            days_of_week: i.days_of_week,
          })),
        },
        {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('signage.scheduleContent.saved') });
            onClose();
          },
          onError: (e) => {
            const fields = fieldErrorsOf(e);
            setErrors(fields);
            if (Object.keys(fields).length === 0)
              setFailure(errorMessage(e, translateMessage(SIGNAGE_MSG.scheduleSaveFailed)));
          },
        },
      ),
    );
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={save.isPending ? () => {} : onClose}
      title={t('signage.scheduleContent.title', { name: schedule.schedule_name })}
      size="lg"
      centered
      data-testid="schedule-content-dialog"
    >
      <Stack>
        {current.isError ? (
          <Alert color="red">{errorMessage(current.error, translateMessage(SIGNAGE_MSG.contentsLoadFailed))}</Alert>
        ) : items === null ? (
          <ListSkeleton rows={3} withThumbnail />
        ) : list.length === 0 ? (
          <Text c="dimmed">{t('signage.scheduleContent.empty')}</Text>
        ) : (
          <Stack gap="xs" data-testid="schedule-content-items">
            {list.map((item, index) => (
              <Group key={item.key} gap="sm" wrap="nowrap" align="flex-start" data-testid="schedule-content-item">
                <div style={{ width: 72, flex: 'none' }}>
                  <MediaPreview file={item} height={48} />
                </div>
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate="end" title={item.file_name}>
                    {item.file_name}
                  </Text>
                  <NumberInput
                    label={t('signage.scheduleContent.duration')}
                    size="xs"
                    min={1}
                    max={86_400}
                    allowDecimal={false}
                    value={item.duration}
                    onChange={(v) =>
                      setItems((old) =>
                        (old ?? []).map((o) => (o.key === item.key ? { ...o, duration: Number(v) || 0 } : o)),
                      )
                    }
                    error={errors[`content.${index}.duration`]}
                    w={140}
                    data-testid="schedule-content-duration"
                  />
                </Stack>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('signage.scheduleContent.up', { name: item.file_name })}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('signage.scheduleContent.down', { name: item.file_name })}
                    disabled={index === list.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('signage.content.remove', { name: item.file_name })}
                    onClick={() => setItems((old) => (old ?? []).filter((o) => o.key !== item.key))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
        <Select
          label={t('signage.scheduleContent.add')}
          placeholder={t('signage.scheduleContent.addPlaceholder')}
          data={(files.data?.rows ?? []).map((f) => ({ value: String(f.id), label: f.file_name }))}
          value={null}
          onChange={add}
          searchable
          nothingFoundMessage={t('signage.content.empty')}
          disabled={items === null}
          data-testid="schedule-content-add"
        />
        {failure && (
          <Alert color="red" data-testid="schedule-content-error">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={submit}
            loading={save.isPending}
            disabled={items === null}
            data-testid="schedule-content-save"
          >
            {t('signage.common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
