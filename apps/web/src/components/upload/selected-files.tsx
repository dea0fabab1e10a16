import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@portal/shared';

/** Files chosen for an upload that has not been sent yet, each with a remove button. */
export function SelectedFiles({
  files,
  onRemove,
  disabled,
}: {
  files: File[];
  onRemove: (index: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <Stack gap={4} data-testid="selected-files">
      {files.map((f, i) => (
        <Group key={`${f.name}-${f.size}-${f.lastModified}-${i}`} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" truncate>
            {f.name}{' '}
            <Text span size="xs" c="dimmed">
              ({formatFileSize(f.size)})
            </Text>
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => onRemove(i)}
            disabled={disabled}
            aria-label={t('upload.remove', { name: f.name })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
