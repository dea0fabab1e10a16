import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayMonthList } from '@portal/shared';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { errorMessage } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { useOneAtATime } from '../../lib/use-one-at-a-time';
import { downloadBusinessPlayReport } from './api/download-play-report';
import { useBusinessPlayMonths } from './api/get-play-months';

type Month = PlayMonthList['rows'][number];

/**
 * Proof of play (issue 33) below the customer's screens: the last months in which they played, with
 * plays and screens, each month's report as a PDF ("Ihr Content lief 4.312-mal auf 3 Bildschirmen").
 */
export function PlayReports() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const list = useBusinessPlayMonths();
  const [error, setError] = useState<string | null>(null);
  const { run } = useOneAtATime();
  const download = (month: string) =>
    run(async () => {
      setError(null);
      try {
        await downloadBusinessPlayReport(month);
      } catch (e) {
        setError(errorMessage(e, t('plays.downloadFailed')));
      }
    });
  const columns: DataTableColumn<Month>[] = [
    { key: 'month', header: t('plays.month'), cell: (m) => fmt.month(m.month) },
    { key: 'plays', header: t('plays.count'), align: 'end', cell: (m) => fmt.number(m.plays) },
    { key: 'screens', header: t('plays.screens'), align: 'end', cell: (m) => fmt.number(m.screens) },
    {
      key: 'pdf',
      header: 'PDF',
      cell: (m) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => void download(m.month)}
          // The visible "PDF" starts the spoken name (2.5.3 Label in Name).
          aria-label={`PDF – ${t('plays.reportPdf', { month: fmt.month(m.month) })}`}
          data-testid="play-report-download"
        >
          PDF
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="xs" component="section" aria-labelledby="play-reports-title">
      <Title order={2} size="h3" id="play-reports-title">
        {t('plays.reports')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('plays.reportsIntro')}
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <DataTable
        columns={columns}
        rows={list.data?.rows}
        rowKey={(m) => m.month}
        caption={t('plays.reports')}
        emptyText={t('plays.empty')}
        loading={list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        data-testid="business-play-reports"
      />
    </Stack>
  );
}
