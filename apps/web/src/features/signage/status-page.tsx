import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { DeviceStatusRow } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DateDisplay } from '../../components/date-display';
import { useDeviceStatus } from './api/get-status';
import { useOffsetPaging } from '../../lib/use-paging';
import { SIGNAGE_PAGE } from './page-size';
import { StatusBadge } from './components/status-badge';
import { NowPlayingButton } from './components/now-playing-button';
import { NowPlayingDialog } from './components/now-playing-dialog';
import { useOpenInUrl } from '../../lib/use-open-in-url';
import { urlParam } from '../../lib/use-url-filters';
import { PageHeader } from '../../components/page-header';
import { ConnectionCell, PlayingCell, ReportedFacts } from './components/device-health';

/**
 * Status: every device online or offline by its last poll, when it was last seen, what it plays now,
 * and what it reported of itself (the file on screen, its version, build and cache; issue 33), asked
 * again every 15 s. Screens offline for over 10 minutes in their schedule window are named above.
 */
export default function SignageStatusPage() {
  const { t } = useTranslation();
  const { offset, paging } = useOffsetPaging(SIGNAGE_PAGE);
  const status = useDeviceStatus(offset);
  // The device whose 'Was läuft jetzt?' is open, in the address (`?device=<id>`).
  const watching = useOpenInUrl('device');
  const watchedId = urlParam.id()(watching.value);
  const alerts = status.data?.rows.filter((d) => d.offline_alert) ?? [];
  const columns: DataTableColumn<DeviceStatusRow>[] = [
    {
      key: 'name',
      header: t('signage.devices.name'),
      cell: (d) => (
        <Stack gap={0}>
          <Text size="sm">{d.device_name ?? t('signage.devices.unnamed', { id: d.device_id })}</Text>
          <ReportedFacts device={d} />
        </Stack>
      ),
    },
    { key: 'customer', header: t('signage.devices.customer'), cell: (d) => d.customer_name ?? '–' },
    {
      key: 'online',
      header: t('signage.statusBoard.connection'),
      cell: (d) => <ConnectionCell device={d} />,
    },
    { key: 'status', header: t('signage.devices.status'), cell: (d) => <StatusBadge status={d.effective_status} /> },
    {
      key: 'seen',
      header: t('signage.devices.lastSeen'),
      cell: (d) => (d.last_seen ? <DateDisplay value={d.last_seen} time /> : t('signage.statusBoard.never')),
    },
    {
      key: 'playing',
      header: t('signage.statusBoard.playing'),
      cell: (d) => <PlayingCell device={d} />,
    },
    {
      key: 'now',
      header: t('signage.devices.actions'),
      cell: (d) => <NowPlayingButton onOpen={() => watching.open(String(d.device_id))} />,
    },
  ];
  return (
    <Stack gap="md">
      <PageHeader title={t('signage.statusBoard.title')} />
      {alerts.length > 0 && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="offline-alerts">
          {t('signage.statusBoard.offlineAlerts', {
            count: alerts.length,
            names: alerts.map((d) => d.device_name ?? t('signage.devices.unnamed', { id: d.device_id })).join(', '),
          })}
        </Alert>
      )}
      <DataTable
        columns={columns}
        rows={status.data?.rows}
        rowKey={(d) => d.device_id}
        caption={t('signage.statusBoard.title')}
        emptyText={t('signage.devices.empty')}
        loading={status.isPending}
        error={status.isError}
        onRetry={() => void status.refetch()}
        data-testid="status-table"
        paging={paging(status.data)}
      />
      {watchedId !== undefined && <NowPlayingDialog deviceId={watchedId} onClose={watching.close} />}
    </Stack>
  );
}
