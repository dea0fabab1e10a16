import { ActionIcon, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '../../../lib/toasts';
import { IconDownload, IconEye, IconFile } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@portal/shared';
import { canPreview, downloadProtectedFile, previewProtectedFile } from '../api/download-file';
import { useDateTime } from '../use-date-time';

export interface ProtectedFileItem {
  id: number;
  name: string;
  size: number;
  /** Fetches the file through its declared call (lib/calls.ts). */
  load: () => Promise<Blob>;
  mime?: string;
  createdAt?: string;
  uploadedBy?: string | null;
  /** A control of the file besides preview and download (the task's "shared with the customer"). */
  extra?: ReactNode;
}

/** Stored files with name, size, date, and download (and preview for images and pdf) with the bearer token. */
export function ProtectedFileList({ files, emptyText }: { files: ProtectedFileItem[]; emptyText: string }) {
  const { t } = useTranslation();
  const fmt = useDateTime();
  const [busy, setBusy] = useState<string | null>(null);

  if (files.length === 0) return <Text c="dimmed">{emptyText}</Text>;

  const run = async (key: string, action: () => Promise<void>, errorKey: 'fileLoad' | 'fileDownload') => {
    setBusy(key);
    try {
      await action();
    } catch {
      notifications.show({ color: 'red', message: t(`tasks.errors.${errorKey}`) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      {files.map((f) => (
        <Paper key={f.id} withBorder px="sm" py="xs" data-testid={`file-${f.id}`}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconFile size={20} style={{ flexShrink: 0 }} />
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate data-testid="file-name">
                  {f.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatFileSize(f.size)}
                  {f.createdAt ? ` · ${fmt(f.createdAt)}` : ''}
                  {f.uploadedBy ? ` · ${f.uploadedBy}` : ''}
                </Text>
              </div>
            </Group>
            <Group gap={4} wrap="nowrap">
              {f.extra}
              {f.mime && canPreview(f.mime) && (
                <Tooltip label={t('tasks.files.preview')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('tasks.files.preview')}
                    loading={busy === `p${f.id}`}
                    onClick={() => void run(`p${f.id}`, () => previewProtectedFile(f.load), 'fileLoad')}
                    data-testid={`file-preview-${f.id}`}
                  >
                    <IconEye size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
              <Tooltip label={t('tasks.files.download')}>
                <ActionIcon
                  variant="light"
                  aria-label={t('tasks.files.download')}
                  loading={busy === `d${f.id}`}
                  onClick={() => void run(`d${f.id}`, () => downloadProtectedFile(f.load, f.name), 'fileDownload')}
                  data-testid={`file-download-${f.id}`}
                >
                  <IconDownload size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
