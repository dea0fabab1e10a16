import { Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ScheduleRow } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr';
import { MediaThumb } from './media-preview';

/**
 * A schedule's content in the list: how many items, the first few as thumbnails in playing order and
 * "+n" for the rest; a click opens the content dialog (as the row's "Inhalte" button does).
 */
export function ContentStrip({ schedule, onOpen }: { schedule: ScheduleRow; onOpen: () => void }) {
  const { t } = useTranslation();
  const more = schedule.content_count - schedule.preview.length;
  const label = t('signage.schedules.contentOf', { n: schedule.content_count, name: schedule.schedule_name });
  return (
    // Named by what it shows (the count, the pictures' names, "+n") and what it does, said last.
    <UnstyledButton onClick={onOpen} title={label} data-testid="content-strip">
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600} miw={20} ta="end" data-testid="content-count">
          {schedule.content_count}
        </Text>
        {schedule.preview.map((f, i) => (
          <MediaThumb key={`${f.file_id}-${i}`} file={f} />
        ))}
        {more > 0 && (
          <Text size="xs" c="dimmed" data-testid="content-more">
            <Ltr>+{more}</Ltr>
          </Text>
        )}
        <VisuallyHidden>{label}</VisuallyHidden>
      </Group>
    </UnstyledButton>
  );
}
