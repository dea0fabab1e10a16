import { Badge, Stack, Text } from '@mantine/core';
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

/** Status: every device online or offline by its last poll, when it was last seen, what it plays now. */
export default function SignageStatusPage() {
  const { t } = useTranslation();
  const { offset, paging } = useOffsetPaging(SIGNAGE_PAGE);
  const status = useDeviceStatus(offset);
  // The device whose 'Was läuft jetzt?' is open, in the address (`?device=<id>`).
  const watching = useOpenInUrl('device');
  const watchedId = urlParam.id()(watching.value);
  const columns: DataTableColumn<DeviceStatusRow>[] = [
    {
      key: 'name',
      header: t('signage.devices.name'),
      cell: (d) => d.device_name ?? t('signage.devices.unnamed', { id: d.device_id }),
    },
    { key: 'customer', header: t('signage.devices.customer'), cell: (d) => d.customer_name ?? '–' },
    {
      key: 'online',
      header: t('signage.statusBoard.connection'),
      cell: (d) => (
        <Badge color={d.online ? 'green' : 'gray'} variant="dot">
          {d.online ? t('signage.statusBoard.online') : t('signage.statusBoard.offline')}
        </Badge>
      ),
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
      cell: (d) =>
        d.playing.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('signage.statusBoard.nothing')}
          </Text>
        ) : (
          <Text size="sm">{d.playing.join(', ')}</Text>
        ),
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
