import { Alert, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GDPR_EXPORT_DAYS, type GdprJob } from '@portal/shared';
import { errorMessage } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { useOneAtATime } from '../../lib/use-one-at-a-time';
import { downloadOwnExport } from './api/download-export';
import { useExportJob } from './api/get-export-job';
import { useOwnExport } from './api/get-own-export';
import { useStartOwnExport } from './api/start-own-export';

/** The day (UTC) an export was made: its download ends GDPR_EXPORT_DAYS later. */
const createdDay = (j: GdprJob) =>
  new Date(Date.parse(j.expiresAt ?? '') - GDPR_EXPORT_DAYS * 86_400_000).toISOString().slice(0, 10);

/**
 * "Meine Daten herunterladen" on the overview (issue 34, GDPR Art. 15/20): the customer starts the
 * export of everything held about their business, sees its progress while it is built, then downloads
 * the ZIP while its seven days last (a mail says when it is ready). After a reload the latest export
 * is shown again.
 */
export function OwnExport() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const latest = useOwnExport();
  const [started, setStarted] = useState<number | undefined>();
  const jobId = started ?? latest.data?.lastExport?.id;
  const polled = useExportJob(jobId);
  const job: GdprJob | undefined =
    polled.data ?? (jobId === latest.data?.lastExport?.id ? (latest.data?.lastExport ?? undefined) : undefined);
  const start = useStartOwnExport();
  const starting = useOneAtATime();
  const saving = useOneAtATime();
  const [error, setError] = useState<string | null>(null);
  const running = job?.status === 'queued' || job?.status === 'running';

  const startExport = () =>
    starting.run(async () => {
      setError(null);
      try {
        setStarted((await start.mutateAsync({})).jobId);
      } catch (e) {
        setError(errorMessage(e, t('businessData.export.startFailed')));
      }
    });
  const download = (j: GdprJob) =>
    saving.run(async () => {
      setError(null);
      try {
        await downloadOwnExport(j.id, `meine_daten_${createdDay(j)}.zip`);
      } catch (e) {
        setError(errorMessage(e, t('businessData.export.downloadFailed')));
      }
    });

  return (
    <Card withBorder component="section" aria-labelledby="own-export-title" data-testid="own-export">
      <Stack gap="xs">
        <Title order={2} size="h4" id="own-export-title">
          {t('businessData.export.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('businessData.export.intro')}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {job && (job.status === 'queued' || job.status === 'running') && (
          <Stack gap={4} data-testid="own-export-running">
            <Text size="sm" role="status">
              {t('businessData.export.running', { progress: fmt.number(job.progress) })}
            </Text>
            <Progress
              value={job.progress}
              animated
              aria-label={t('businessData.export.progressLabel')}
              data-testid="own-export-progress"
            />
          </Stack>
        )}
        {job?.status === 'failed' && (
          <Alert color="red" role="alert" data-testid="own-export-failed">
            {t('businessData.export.failed')}
          </Alert>
        )}
        {job?.status === 'done' && !job.downloadUrl && (
          <Text size="sm" c="dimmed" data-testid="own-export-expired">
            {t('businessData.export.expired')}
          </Text>
        )}
        <Group gap="sm">
          {job?.status === 'done' && job.downloadUrl ? (
            <>
              <Button
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => void download(job)}
                loading={saving.busy}
                data-testid="own-export-download"
              >
                {t('businessData.export.download')}
              </Button>
              {job.expiresAt && (
                <Text size="sm" c="dimmed">
                  {t('businessData.export.until', { date: fmt.dateTime(job.expiresAt) })}
                </Text>
              )}
            </>
          ) : (
            <Button
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void startExport()}
              loading={starting.busy}
              disabled={running}
              data-testid="own-export-start"
            >
              {t('businessData.export.start')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
