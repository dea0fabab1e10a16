import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatMoney, type CashbookTransaction } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../components/chart';
import { DataTable } from '../../components/data-table';
import { Money } from '../../components/money';
import { formatMonthNumeric, useFormat } from '../../lib/format';
import { useOverview } from './api/get-overview';
import { EntryDate, TypeBadge, EntryDescription } from './components';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';

/** /agent-dashboard/cashbook/overview: four cards, six months of income and expenses, the 5 newest entries. */
export default function CashbookOverviewPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const overview = useOverview();
  const o = overview.data;
  const cards: [string, number | undefined, string][] = [
    ['currentBalance', o?.currentBalance, 'money'],
    ['monthlyIncome', o?.monthlyIncome, 'money'],
    ['monthlyExpenses', o?.monthlyExpenses, 'money'],
    ['transactionCount', o?.transactionCount, 'count'],
  ];
  return (
    <Stack>
      <PageHeader title={t('cashbook.overview.title')} />
      {overview.isError && (
        <LoadError
          fallback={t('cashbook.errors.load')}
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {cards.map(([key, value, kind]) => (
          <Card withBorder key={key} data-testid={`cashbook-card-${key}`}>
            <Text size="sm" c="dimmed">
              {t(`cashbook.overview.${key}`)}
            </Text>
            {value === undefined ? (
              <Skeleton height={28} mt={6} />
            ) : (
              <Text size="xl" fw={700} mt={4}>
                {kind === 'money' ? <Money cents={value} /> : format.number(value)}
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('cashbook.overview.chartTitle')}
        </Title>
        {o ? (
          <Chart
            type="bar"
            label={t('cashbook.overview.chartTitle')}
            data={o.months.map((m) => ({ month: formatMonthNumeric(m.month), income: m.income, expenses: m.expenses }))}
            dataKey="month"
            series={[
              { name: 'income', label: t('cashbook.overview.income'), color: 'teal.6' },
              { name: 'expenses', label: t('cashbook.overview.expenses'), color: 'red.6' },
            ]}
            valueFormatter={(v) => formatMoney(Math.round(v))}
          />
        ) : (
          <Skeleton height={240} />
        )}
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('cashbook.overview.latest')}
        </Title>
        <DataTable<CashbookTransaction>
          caption={t('cashbook.overview.latest')}
          rows={o?.latest}
          loading={overview.isLoading}
          rowKey={(r) => r.id}
          emptyText={t('cashbook.transactions.empty')}
          data-testid="cashbook-latest"
          columns={[
            { key: 'date', header: t('cashbook.fields.date'), cell: (r) => <EntryDate value={r.transaction_date} /> },
            {
              key: 'description',
              header: t('cashbook.fields.description'),
              cell: (r) => <EntryDescription entry={r} />,
            },
            { key: 'category', header: t('cashbook.fields.category'), cell: (r) => r.category_name },
            { key: 'type', header: t('cashbook.fields.type'), cell: (r) => <TypeBadge type={r.type} /> },
            { key: 'user', header: t('cashbook.fields.user'), cell: (r) => r.agent_name ?? '' },
            {
              key: 'amount',
              header: t('cashbook.fields.amount'),
              align: 'end',
              cell: (r) => <Money cents={r.amount} />,
            },
          ]}
        />
      </Card>
    </Stack>
  );
}
