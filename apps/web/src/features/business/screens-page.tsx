import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BusinessDevice } from '@portal/shared';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DateDisplay } from '../../components/date-display';
import { Bidi } from '../../components/ltr';
import { useBusinessDevices } from './api/get-devices';
import { DeviceStatusBadge, ScreenTitle } from './parts';
import { PlayReports } from './play-reports';

/** The customer's signage screens: status, licence days remaining, last contact. */
export default function ScreensPage() {
  const { t } = useTranslation();
  const list = useBusinessDevices();
  const columns: DataTableColumn<BusinessDevice>[] = [
    {
      key: 'name',
      header: t('businessData.col.screen'),
      cell: (d) => <Bidi>{d.device_name ?? t('businessData.unnamedScreen', { id: d.id })}</Bidi>,
    },
    {
      key: 'location',
      header: t('businessData.col.location'),
      cell: (d) => (d.location ? <Bidi>{d.location}</Bidi> : '–'),
    },
    {
      key: 'status',
      header: t('businessData.col.status'),
      cell: (d) => <DeviceStatusBadge status={d.effective_status} />,
    },
    {
      key: 'days',
      header: t('businessData.col.daysRemaining'),
      cell: (d) =>
        d.days_remaining === null ? (
          '–'
        ) : (
          <Text size="sm" c={d.days_remaining <= 30 ? 'red' : undefined}>
            {t('businessData.days', { n: Math.max(d.days_remaining, 0) })}
          </Text>
        ),
    },
    {
      key: 'seen',
      header: t('businessData.col.lastSeen'),
      cell: (d) => (d.last_seen ? <DateDisplay value={d.last_seen} time /> : t('businessData.neverSeen')),
    },
  ];
  const title = t('businessData.screens');
  return (
    <Stack>
      <ScreenTitle>{title}</ScreenTitle>
      <DataTable
        columns={columns}
        rows={list.data?.devices}
        rowKey={(d) => d.id}
        caption={title}
        emptyText={t('businessData.emptyScreens')}
        loading={list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        data-testid="business-screens"
      />
      <PlayReports />
    </Stack>
  );
}
