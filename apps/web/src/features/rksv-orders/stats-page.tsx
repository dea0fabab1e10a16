import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, RKSV_STAGES } from '@portal/shared';
import { Chart } from '../../components/chart';
import { Money } from '../../components/money';
import { formatMonth, formatNumber } from '../../lib/format';
import { useRksvStats } from './api/get-stats';
import { PageHeader } from '../../components/page-header';

/** /agent-dashboard/rk: orders and units per month, revenue, stage counts, hours to shipping, outages. */
export default function RksvStatsPage() {
  const { t, i18n } = useTranslation();
  const stats = useRksvStats();
  const month = (m: string) => formatMonth(m, i18n.language, '2-digit');
  const number = (n: number, digits = 0) => formatNumber(n, i18n.language, { digits, minDigits: digits });

  if (stats.isError)
    return (
      <Alert color="red" data-testid="rk-error">
        {t('rksvOrders.statsPage.error')}
      </Alert>
    );
  const s = stats.data;
  const tile = (label: string, value: React.ReactNode, testId: string) => (
    <Card withBorder padding="sm" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {s ? value : <Skeleton height={24} width={80} />}
      </Text>
    </Card>
  );
  const revenue = s?.byMonth.reduce((n, m) => n + m.revenue, 0) ?? 0;
  const orders = s?.byMonth.reduce((n, m) => n + m.orders, 0) ?? 0;
  const units = s?.byMonth.reduce((n, m) => n + m.units, 0) ?? 0;
  const data = (s?.byMonth ?? []).map((m) => ({ month: month(m.month), orders: m.orders, units: m.units, revenue: m.revenue }));

  return (
    <Stack gap="md">
      <PageHeader title={t('rksvOrders.statsPage.title')} />
      <Text size="sm" c="dimmed">
        {t('rksvOrders.statsPage.window')}
      </Text>
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
        {tile(t('rksvOrders.statsPage.orders'), number(orders), 'rk-orders')}
        {tile(t('rksvOrders.statsPage.units'), number(units), 'rk-units')}
        {tile(t('rksvOrders.statsPage.revenue'), <Money cents={revenue} />, 'rk-revenue')}
        {tile(
          t('rksvOrders.statsPage.avgHours'),
          s?.avgHoursPaidToShipped == null ? '–' : t('rksvOrders.statsPage.hours', { hours: number(s.avgHoursPaidToShipped, 1) }),
          'rk-avg-hours',
        )}
        {tile(t('rksvOrders.statsPage.outages'), s ? `${number(s.outages.reportable)} / ${number(s.outages.open)}` : '', 'rk-outages')}
      </SimpleGrid>
      <Card withBorder padding="sm">
        <Text fw={600} size="sm" mb="xs">
          {t('rksvOrders.statsPage.perMonth')}
        </Text>
        <Chart
          type="bar"
          data={data}
          dataKey="month"
          label={t('rksvOrders.statsPage.perMonth')}
          series={[
            { name: 'orders', label: t('rksvOrders.statsPage.orders'), color: 'blue.6' },
            { name: 'units', label: t('rksvOrders.statsPage.units'), color: 'teal.6' },
          ]}
        />
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <Card withBorder padding="sm">
          <Text fw={600} size="sm" mb="xs">
            {t('rksvOrders.statsPage.revenuePerMonth')}
          </Text>
          <Chart
            type="line"
            data={data}
            dataKey="month"
            label={t('rksvOrders.statsPage.revenuePerMonth')}
            series={[{ name: 'revenue', label: t('rksvOrders.statsPage.revenue'), color: 'grape.6' }]}
            valueFormatter={(v) => formatMoney(v)}
          />
        </Card>
        <Card withBorder padding="sm" data-testid="rk-stages">
          <Text fw={600} size="sm" mb="xs">
            {t('rksvOrders.statsPage.stages')}
          </Text>
          <Stack gap={6}>
            {RKSV_STAGES.map((st) => (
              <Group key={st} justify="space-between">
                <Text size="sm">{t(`rksvOrders.stage.${st}`)}</Text>
                <Text size="sm" fw={600} data-testid={`rk-stage-${st}`}>
                  {s ? number(s.stages[st]) : '…'}
                </Text>
              </Group>
            ))}
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
