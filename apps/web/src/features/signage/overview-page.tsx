import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../components/chart';
import { useOverview } from './api/get-overview';
import { WhenLoaded } from '../../components/when-loaded';
import { STATUS_COLOR } from './components/status-badge';
import { PageHeader } from '../../components/page-header';

const CARDS = ['total', 'active', 'pending', 'locked', 'expired'] as const;

/** OKDS Übersicht: counts by status, registrations per month (chart), devices by type; refreshed every 5 minutes. */
export default function SignageOverviewPage() {
  const { t } = useTranslation();
  const overview = useOverview();

  return (
    <Stack gap="lg">
      <PageHeader title={t('signage.overview.title')} />
      <WhenLoaded query={overview} fallback={t('signage.errors.load')}>
        {(data) => (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
              {CARDS.map((k) => (
                <Card
                  key={k}
                  withBorder
                  padding="md"
                  data-testid={`card-${k}`}
                  style={
                    k === 'total' ? undefined : { borderTop: `4px solid var(--mantine-color-${STATUS_COLOR[k]}-6)` }
                  }
                >
                  <Text size="sm" fw={500}>
                    {t(k === 'total' ? 'signage.overview.total' : `signage.status.${k}`)}
                  </Text>
                  <Text size="xl" fw={700}>
                    {data.stats[k]}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
            <Card withBorder padding="md">
              <Title order={2} size="h4" mb="sm">
                {t('signage.overview.byMonth')}
              </Title>
              <Chart
                type="bar"
                label={t('signage.overview.byMonth')}
                dataKey="month"
                data={Object.entries(data.devicesByMonth).map(([month, total]) => ({ month, total }))}
                series={[{ name: 'total', label: t('signage.overview.registered'), color: 'blue.6' }]}
              />
            </Card>
            <Card withBorder padding="md">
              <Title order={2} size="h4" mb="sm">
                {t('signage.overview.byType')}
              </Title>
              {data.byType.length === 0 ? (
                <Text c="dimmed">{t('signage.devices.empty')}</Text>
              ) : (
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('signage.devices.type')}</Table.Th>
                      <Table.Th ta="end">{t('signage.overview.count')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.byType.map((b) => (
                      <Table.Tr key={b.device_type}>
                        <Table.Td>{t(`signage.types.${b.device_type}`, { defaultValue: b.device_type })}</Table.Td>
                        <Table.Td ta="end">{b.total}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Card>
            <Group>
              <Text size="xs" c="dimmed">
                {t('signage.overview.refresh')}
              </Text>
            </Group>
          </>
        )}
      </WhenLoaded>
    </Stack>
  );
}
