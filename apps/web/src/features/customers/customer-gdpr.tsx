import { Alert, Button, Card, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GDPR_EXPORT_DAYS, retentionYearOf, type CustomerRecord, type GdprErasure, type GdprJob } from '@portal/shared';
import { Bidi } from '../../components/ltr';
import { useAuth } from '../../lib/auth-context';
import { lazyNamed, preloadOnIntent } from '../../lib/lazy-page';
import { errorMessage } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { useOneAtATime } from '../../lib/use-one-at-a-time';
import { downloadGdprExport } from './api/download-gdpr-export';
import { useCustomerGdpr } from './api/get-customer-gdpr';
import { useGdprJob } from './api/get-gdpr-job';
import { useStartCustomerExport } from './api/start-customer-export';

/** The erase dialog (its form) loads on the first pointer or focus in the section. */
const EraseDialog = lazyNamed(
  () => import('./erase-dialog'),
  (m) => m.EraseDialog,
);
const PRELOAD = preloadOnIntent(EraseDialog);

/** The day (UTC) an export was made: its download ends GDPR_EXPORT_DAYS later. */
const createdDay = (j: GdprJob) =>
  new Date(Date.parse(j.expiresAt ?? '') - GDPR_EXPORT_DAYS * 86_400_000).toISOString().slice(0, 10);

/**
 * The customer's data protection (issue 34), for admins: "Daten exportieren" starts the export (its
 * progress while the job runs, then its download for seven days), "Löschen (DSGVO)" asks for the reason
 * and erases; the answer (what went, what the law keeps until when) stays on the page, and after a
 * reload the erasure's date and what is still kept.
 */
export function CustomerGdpr({ record }: { record: CustomerRecord }) {
  const { user } = useAuth();
  if (user?.role !== 'admin') return null;
  return <AdminGdpr record={record} />;
}

function AdminGdpr({ record }: { record: CustomerRecord }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const state = useCustomerGdpr(record.id, true);
  const [started, setStarted] = useState<number | undefined>();
  const jobId = started ?? state.data?.lastExport?.id;
  const polled = useGdprJob(jobId);
  const job = polled.data ?? (jobId === state.data?.lastExport?.id ? (state.data?.lastExport ?? undefined) : undefined);
  const start = useStartCustomerExport();
  const starting = useOneAtATime();
  const saving = useOneAtATime();
  const [error, setError] = useState<string | null>(null);
  const [erasing, setErasing] = useState(false);
  const [answer, setAnswer] = useState<GdprErasure | null>(null);
  const running = job?.status === 'queued' || job?.status === 'running';

  const startExport = () =>
    starting.run(async () => {
      setError(null);
      try {
        setStarted((await start.mutateAsync({ id: record.id })).jobId);
      } catch (e) {
        setError(errorMessage(e, t('customers.gdpr.startFailed')));
      }
    });
  const download = (j: GdprJob) =>
    saving.run(async () => {
      setError(null);
      try {
        await downloadGdprExport(j.id, `datenexport_${record.kundennummer}_${createdDay(j)}.zip`);
      } catch (e) {
        setError(errorMessage(e, t('customers.gdpr.downloadFailed')));
      }
    });

  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="customer-gdpr-title"
      data-testid="customer-gdpr"
      {...PRELOAD}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="customer-gdpr-title">
            {t('customers.gdpr.title')}
          </Title>
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void startExport()}
              loading={starting.busy}
              disabled={running}
              data-testid="gdpr-export"
            >
              {t('customers.gdpr.export')}
            </Button>
            <Button
              variant="outline"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setErasing(true)}
              data-testid="gdpr-erase"
            >
              {t('customers.gdpr.erase')}
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('customers.gdpr.intro')}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {state.isError && (
          <Alert color="red" role="alert">
            {errorMessage(state.error, t('customers.gdpr.loadError'))}
          </Alert>
        )}
        {job && (
          <ExportState
            job={job}
            texts={{
              running: (p) => t('customers.gdpr.running', { progress: fmt.number(p) }),
              progressLabel: t('customers.gdpr.progressLabel'),
              download: t('customers.gdpr.download'),
              until: (d) => t('customers.gdpr.until', { date: fmt.dateTime(d) }),
              expired: t('customers.gdpr.expired'),
              failed: t('customers.gdpr.failed'),
            }}
            busy={saving.busy}
            onDownload={() => void download(job)}
          />
        )}
        {answer ? (
          <ErasureAnswer answer={answer} />
        ) : (
          state.data?.erasedAt && (
            <ErasureAnswer
              answer={{ erased: [], retained: state.data.retained }}
              erasedAt={state.data.erasedAt}
              reason={state.data.reason}
            />
          )
        )}
      </Stack>
      {erasing && (
        <Suspense fallback={null}>
          <EraseDialog
            customer={record}
            onClose={() => setErasing(false)}
            onErased={(a) => {
              setAnswer(a);
              setErasing(false);
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}

interface ExportTexts {
  running: (progress: number) => string;
  progressLabel: string;
  download: string;
  until: (date: string) => string;
  expired: string;
  failed: string;
}

/** An export's state: its progress while it runs, then its download while it lasts, or why there is none. */
function ExportState({
  job,
  texts,
  busy,
  onDownload,
}: {
  job: GdprJob;
  texts: ExportTexts;
  busy: boolean;
  onDownload: () => void;
}) {
  if (job.status === 'queued' || job.status === 'running')
    return (
      <Stack gap={4} data-testid="gdpr-export-running">
        <Text size="sm" role="status">
          {texts.running(job.progress)}
        </Text>
        <Progress value={job.progress} animated aria-label={texts.progressLabel} data-testid="gdpr-export-progress" />
      </Stack>
    );
  if (job.status === 'failed')
    return (
      <Alert color="red" role="alert" data-testid="gdpr-export-failed">
        {texts.failed}
      </Alert>
    );
  if (!job.downloadUrl)
    return (
      <Text size="sm" c="dimmed" data-testid="gdpr-export-expired">
        {texts.expired}
      </Text>
    );
  return (
    <Group gap="sm" data-testid="gdpr-export-done">
      <Button
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={onDownload}
        loading={busy}
        data-testid="gdpr-export-download"
      >
        {texts.download}
      </Button>
      {job.expiresAt && (
        <Text size="sm" c="dimmed">
          {texts.until(job.expiresAt)}
        </Text>
      )}
    </Group>
  );
}

/** What an erasure did and what the law keeps until when ("Rechnungen 2026: aufzubewahren bis 31.12.2033"). */
function ErasureAnswer({
  answer,
  erasedAt,
  reason,
}: {
  answer: GdprErasure;
  erasedAt?: string;
  reason?: string | null;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const erased = answer.erased.filter((e) => e.count > 0);
  return (
    <Alert color="gray" variant="light" data-testid="gdpr-erasure">
      <Stack gap="xs">
        {erasedAt && (
          <Text fw={700} size="sm">
            {t('customers.gdpr.erasedAt', { date: fmt.dateTime(erasedAt) })}
          </Text>
        )}
        {reason && (
          <Text size="sm">
            {t('customers.gdpr.reason')}: <Bidi>{reason}</Bidi>
          </Text>
        )}
        {!erasedAt && (
          <>
            <Text fw={700} size="sm">
              {t('customers.gdpr.erasedTitle')}
            </Text>
            {erased.length === 0 ? (
              <Text size="sm">{t('customers.gdpr.nothingErased')}</Text>
            ) : (
              <List size="sm" spacing={2} data-testid="gdpr-erased-list">
                {erased.map((e) => (
                  <List.Item key={e.kind}>
                    {t('customers.gdpr.erasedLine', {
                      kind: t(`customers.gdpr.erasedKinds.${e.kind}`),
                      count: fmt.number(e.count),
                    })}
                  </List.Item>
                ))}
              </List>
            )}
          </>
        )}
        <Text fw={700} size="sm">
          {t('customers.gdpr.retainedTitle')}
        </Text>
        {answer.retained.length === 0 ? (
          <Text size="sm">{t('customers.gdpr.nothingRetained')}</Text>
        ) : (
          <List size="sm" spacing={2} data-testid="gdpr-retained-list">
            {answer.retained.map((g) => (
              <List.Item key={`${g.kind}-${g.until}`}>
                {t('customers.gdpr.retainedLine', {
                  kind: t(`customers.gdpr.retainedKinds.${g.kind}`),
                  year: retentionYearOf(g.until),
                  until: fmt.date(g.until),
                })}{' '}
                <Text span c="dimmed" size="sm">
                  ({fmt.number(g.count)})
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Alert>
  );
}
