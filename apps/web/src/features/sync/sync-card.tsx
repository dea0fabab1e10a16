import { Alert, Badge, Button, Card, Group, List, Progress, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncCountry, SyncRun } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { translateMessage } from '../../lib/translate-message';
import { notifications } from '../../lib/toasts';
import { Ltr } from '../../components/ltr';
import { syncRunsKey, useSyncRuns } from './api/get-sync-runs';
import { useSyncRun } from './api/get-sync-run';
import { useStartSync } from './api/start-sync';
import { runSummary } from './run-text';

/** Alert titles in the text colour: the light variant's coloured title is below AA contrast. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/** One country's button, the progress of its run while it goes, and the result of the latest run. */
export function SyncCard({ country }: { country: SyncCountry }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const runs = useSyncRuns(country);
  const start = useStartSync(country);
  const [runId, setRunId] = useState<number | null>(null);
  const latest = runs.data?.[0];
  // A run started here, or one that was already going when the screen opened (another tab, the schedule).
  const current = runId ?? (latest?.status === 'running' ? latest.runId : null);
  const run = useSyncRun(current);
  const shown: SyncRun | undefined = run.data ?? latest;
  // Busy from the click until the started run reports its end (also before its first progress arrives).
  const running = shown?.status === 'running' || start.isPending || (runId !== null && run.isPending);

  useEffect(() => {
    if (run.data && run.data.status !== 'running') void qc.invalidateQueries({ queryKey: syncRunsKey(country) });
  }, [run.data, qc, country]);

  // One start per click: the ref answers before the next render, so a double click sends one request
  // (its second click would otherwise earn a 409 "läuft bereits" about the user's own run).
  const sending = useRef(false);
  const onStart = () => {
    if (sending.current || running) return;
    sending.current = true;
    start.mutate(
      {},
      {
        onSuccess: (r) => {
          setRunId(r.runId);
          notifications.show({ color: 'blue', message: translateMessage(r.message, r.code) });
        },
        onError: (e) => notifications.show({ color: 'red', message: errorMessage(e, t('sync.startError')) }),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const processed = shown ? shown.created + shown.updated + shown.unchanged + shown.failed : 0;
  const percent =
    shown?.total_known && shown.total > 0 ? Math.min(100, Math.round((processed / shown.total) * 100)) : 100;

  return (
    <Card withBorder data-testid={`sync-card-${country}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t(`sync.country.${country}`)}
          </Title>
          <Button
            leftSection={<IconRefresh size={16} />}
            onClick={onStart}
            loading={running}
            data-testid={`sync-start-${country}`}
          >
            {t('sync.start', { country })}
          </Button>
        </Group>
        {shown && (
          <Text size="xs" c="dimmed">
            {t('sync.source')}: <Ltr>{shown.source}</Ltr>
          </Text>
        )}
        {shown?.status === 'running' && (
          <Stack gap={4} data-testid={`sync-progress-${country}`}>
            <Progress
              value={percent}
              animated
              striped={!shown.total_known}
              aria-label={t('sync.progressLabel', { country })}
            />
            <Text size="sm">
              {shown.total_known
                ? t('sync.progress', { processed, total: shown.total })
                : t('sync.progressUnknown', { processed })}
            </Text>
          </Stack>
        )}
        {shown?.status === 'succeeded' && (
          <Alert
            color="green"
            title={t('sync.succeeded')}
            styles={READABLE_TITLE}
            data-testid={`sync-result-${country}`}
          >
            {runSummary(t, shown)}
          </Alert>
        )}
        {shown?.status === 'failed' && (
          <Alert
            color="red"
            title={t('sync.failedTitle')}
            styles={READABLE_TITLE}
            data-testid={`sync-result-${country}`}
          >
            {runSummary(t, shown)}
          </Alert>
        )}
        {shown && shown.status !== 'running' && shown.errors.length > 0 && (
          <details>
            <summary>
              <Text span size="sm">
                {t('sync.badRows', { count: shown.failed })}
              </Text>
            </summary>
            <ScrollArea.Autosize mah={200} mt="xs">
              <List size="sm" data-testid={`sync-errors-${country}`}>
                {shown.errors.map((e) => (
                  <List.Item key={`${e.line}-${e.message}`}>
                    <Badge variant="light" color="gray" mr="xs">
                      {t('sync.line', { line: e.line })}
                    </Badge>
                    {translateMessage(e.message, e.code)}
                  </List.Item>
                ))}
              </List>
            </ScrollArea.Autosize>
          </details>
        )}
        {runs.isSuccess && !latest && (
          <Text size="sm" c="dimmed">
            {t('sync.noRunYet')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
