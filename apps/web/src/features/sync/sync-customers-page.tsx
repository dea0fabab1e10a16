import { Badge, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SYNC_COUNTRIES, type SyncCountry, type SyncRun } from '@portal/shared';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DateDisplay } from '../../components/date-display';
import { urlParam, useUrlFilters } from '../../lib/use-url-filters';
import { useFormat } from '../../lib/format';
import { useSyncRuns } from './api/get-sync-runs';
import { runSummary } from './run-text';
import { SyncCard } from './sync-card';
import { PageHeader } from '../../components/page-header';

const FILTERS = { country: urlParam.oneOf<SyncCountry>(SYNC_COUNTRIES, 'AT') };
const STATUS_COLOR = { running: 'blue', succeeded: 'green', failed: 'red' } as const;

/** /agent-dashboard/sync-customers: the AT and EG buttons with their runs' progress and results, and the last runs. */
export default function SyncCustomersPage() {
  const { t } = useTranslation();
  const { values, setParam } = useUrlFilters(FILTERS);
  const runs = useSyncRuns(values.country);
  const { number: n } = useFormat();
  const columns: DataTableColumn<SyncRun>[] = [
    {
      key: 'started',
      header: t('sync.runs.started'),
      cell: (r) => (
        <Stack gap={0}>
          <Text size="sm">
            <DateDisplay value={r.started_at} time />
          </Text>
          <Text size="xs" c="dimmed">
            {t(r.trigger === 'schedule' ? 'sync.trigger.schedule' : 'sync.trigger.manual')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('sync.runs.status'),
      cell: (r) => (
        <Badge color={STATUS_COLOR[r.status]} variant="dot" tt="none">
          {t(`sync.status.${r.status}`)}
        </Badge>
      ),
    },
    { key: 'created', header: t('sync.runs.created'), cell: (r) => n(r.created), align: 'end' },
    { key: 'updated', header: t('sync.runs.updated'), cell: (r) => n(r.updated), align: 'end' },
    { key: 'unchanged', header: t('sync.runs.unchanged'), cell: (r) => n(r.unchanged), align: 'end' },
    { key: 'deactivated', header: t('sync.runs.deactivated'), cell: (r) => n(r.deactivated), align: 'end' },
    { key: 'failed', header: t('sync.runs.failed'), cell: (r) => n(r.failed), align: 'end' },
    {
      key: 'message',
      header: t('sync.runs.message'),
      cell: (r) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {r.status === 'running' ? t('sync.status.running') : runSummary(t, r)}
        </Text>
      ),
    },
  ];
  return (
    <Stack>
      <PageHeader title={t('sync.title')} />
      <Text c="dimmed" size="sm">
        {t('sync.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {SYNC_COUNTRIES.map((c) => (
          <SyncCard key={c} country={c} />
        ))}
      </SimpleGrid>
      <Title order={2} size="h3" mt="md">
        {t('sync.runs.title')}
      </Title>
      <SegmentedControl
        w="fit-content"
        value={values.country}
        onChange={(v) => setParam('country', v)}
        data={SYNC_COUNTRIES.map((c) => ({ value: c, label: t(`sync.country.${c}`) }))}
        aria-label={t('sync.runs.country')}
      />
      <DataTable
        columns={columns}
        rows={runs.data}
        rowKey={(r) => r.runId}
        caption={t('sync.runs.title')}
        emptyText={t('sync.runs.empty')}
        loading={runs.isPending}
        error={runs.isError}
        onRetry={() => void runs.refetch()}
        data-testid="sync-runs"
      />
    </Stack>
  );
}
