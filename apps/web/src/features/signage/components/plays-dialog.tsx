import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  formatPlayDuration,
  monthsBack,
  PLAY_REPORT_MONTHS,
  playMonthDays,
  viennaDay,
  type PlaySummaryRow,
} from '@portal/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { Bidi } from '../../../components/ltr';
import { errorMessage } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { useOffsetPaging } from '../../../lib/use-paging';
import { downloadSignagePlayReport } from '../api/download-play-report';
import { useSignagePlays } from '../api/get-plays';

const PAGE = 25;

/**
 * "Wiedergaben" of a customer (issue 33): what its screens reported playing in a month, per file and
 * screen with count and duration, the month's totals, and the PDF the customer gets.
 */
export function PlaysDialog({
  customerId,
  firma,
  onClose,
}: {
  customerId: number;
  firma: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const months = useMemo(() => monthsBack(viennaDay(new Date()).slice(0, 7), PLAY_REPORT_MONTHS), []);
  const [month, setMonth] = useState(months[0]!);
  const { offset, paging } = useOffsetPaging(PAGE, month);
  const plays = useSignagePlays({ customer_id: customerId, ...playMonthDays(month), offset, limit: PAGE });
  const [error, setError] = useState<string | null>(null);
  const { run, busy } = useOneAtATime();
  const download = () =>
    run(async () => {
      setError(null);
      try {
        await downloadSignagePlayReport(customerId, month);
      } catch (e) {
        setError(errorMessage(e, t('plays.downloadFailed')));
      }
    });
  const columns: DataTableColumn<PlaySummaryRow>[] = [
    { key: 'file', header: t('plays.file'), cell: (r) => <Bidi>{r.file_name}</Bidi> },
    {
      key: 'screen',
      header: t('plays.screen'),
      cell: (r) => (r.device_name ? <Bidi>{r.device_name}</Bidi> : t('plays.unnamed', { id: r.device_id })),
    },
    { key: 'plays', header: t('plays.count'), align: 'end', cell: (r) => fmt.number(r.plays) },
    {
      key: 'duration',
      header: t('plays.duration'),
      align: 'end',
      cell: (r) => <span dir="ltr">{formatPlayDuration(r.duration_ms)}</span>,
    },
  ];
  const totals = plays.data?.totals;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={onClose}
      title={firma ? t('plays.title', { firma }) : t('plays.open')}
      size="xl"
      centered
      data-testid="plays-dialog"
    >
      <Stack>
        <Group align="end" justify="space-between" wrap="wrap">
          <NativeSelect
            label={t('plays.month')}
            value={month}
            onChange={(e) => setMonth(e.currentTarget.value)}
            data={months.map((m) => ({ value: m, label: fmt.month(m) }))}
            data-testid="plays-month"
          />
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void download()}
            loading={busy}
            data-testid="plays-pdf"
          >
            {t('plays.pdf')}
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {totals && (
          <Text size="sm" data-testid="plays-totals">
            {t('plays.summary', {
              plays: fmt.number(totals.plays),
              screens: fmt.number(totals.screens),
              duration: formatPlayDuration(totals.duration_ms),
            })}
          </Text>
        )}
        <DataTable
          columns={columns}
          rows={plays.data?.rows}
          rowKey={(r) => `${r.file_id}-${r.device_id}`}
          caption={t('plays.open')}
          emptyText={t('plays.empty')}
          loading={plays.isPending}
          error={plays.isError}
          onRetry={() => void plays.refetch()}
          paging={paging(plays.data)}
          data-testid="plays-table"
        />
      </Stack>
    </Modal>
  );
}
