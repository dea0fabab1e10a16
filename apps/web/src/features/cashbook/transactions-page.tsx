import { Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashbookTransaction } from '@portal/shared';
import { DataTable } from '../../components/data-table';
import { DateInput, INVALID_DATE } from '../../components/date-input';
import { Ltr } from '../../components/ltr';
import { Money } from '../../components/money';
import { useKeysetPaging } from '../../lib/use-paging';
import { useUrlFilters } from '../../lib/use-url-filters';
import { useCategories } from './api/get-categories';
import { useTransactions } from './api/get-transactions';
import { AddTransactionDialog } from './add-transaction-dialog';
import { EntryDate, ReversalMark, TypeBadge } from './components';
import { LoadError } from '../../components/load-error';
import { ReverseDialog } from './reverse-dialog';
import { listFilters, TRANSACTION_FILTERS, TRANSACTION_RESETTABLE } from './transaction-filters';
import { PageHeader } from '../../components/page-header';

/**
 * /agent-dashboard/cashbook/transactions: filter bar (period, type, category, search) kept in the
 * URL, the entries newest first (keyset pages), reversed entries marked, the add dialog and the
 * reverse action.
 */
export default function CashbookTransactionsPage() {
  const { t } = useTranslation();
  const { values, setParam, reset } = useUrlFilters(TRANSACTION_FILTERS);
  const filters = useMemo(() => listFilters(values), [values]);
  const filterKey = JSON.stringify(filters);
  const { cursor, paging } = useKeysetPaging<string>(filterKey);
  const list = useTransactions({ ...filters, cursor });
  const categories = useCategories();
  const [adding, setAdding] = useState(false);
  const [reversing, setReversing] = useState<CashbookTransaction | null>(null);
  const [search, setSearch] = useState(values.q);
  const commitSearch = useDebouncedCallback((v: string) => setParam('q', v || null), 300);

  const setDay = (name: 'start' | 'end') => (v: string) => {
    if (v === '' || v !== INVALID_DATE) setParam(name, v || null);
  };

  return (
    <Stack>
      <PageHeader title={t('cashbook.transactions.title')}>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="cashbook-add">
          {t('cashbook.add.open')}
        </Button>
      </PageHeader>
      <Card withBorder>
        <Group align="flex-end" wrap="wrap">
          <DateInput
            label={t('cashbook.filters.from')}
            value={values.start}
            onChange={setDay('start')}
            w={170}
            data-testid="cashbook-filter-start"
          />
          <DateInput
            label={t('cashbook.filters.to')}
            value={values.end}
            onChange={setDay('end')}
            w={170}
            data-testid="cashbook-filter-end"
          />
          <Select
            label={t('cashbook.fields.type')}
            data={[
              { value: 'all', label: t('cashbook.filters.allTypes') },
              { value: 'income', label: t('cashbook.type.income') },
              { value: 'expense', label: t('cashbook.type.expense') },
            ]}
            value={values.type}
            onChange={(v) => setParam('type', v && v !== 'all' ? v : null)}
            allowDeselect={false}
            w={160}
            data-testid="cashbook-filter-type"
          />
          <Select
            label={t('cashbook.fields.category')}
            data={(categories.data ?? []).map((c) => ({
              value: String(c.id),
              label: `${c.name} (${t(`cashbook.type.${c.type}`)})`,
            }))}
            value={values.category ? String(values.category) : null}
            onChange={(v) => setParam('category', v)}
            clearable
            placeholder={t('cashbook.filters.allCategories')}
            w={220}
            data-testid="cashbook-filter-category"
          />
          <TextInput
            label={t('cashbook.filters.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              commitSearch(e.currentTarget.value);
            }}
            w={220}
            data-testid="cashbook-filter-q"
          />
          <Button
            variant="subtle"
            onClick={() => {
              setSearch('');
              reset([...TRANSACTION_RESETTABLE]);
            }}
          >
            {t('cashbook.filters.reset')}
          </Button>
        </Group>
      </Card>
      {list.isError ? (
        <LoadError fallback={t('cashbook.errors.load')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<CashbookTransaction>
          caption={t('cashbook.transactions.title')}
          rows={list.data?.transactions}
          loading={list.isLoading}
          rowKey={(r) => r.id}
          emptyText={t('cashbook.transactions.empty')}
          data-testid="cashbook-transactions"
          paging={paging(list.data?.nextCursor)}
          columns={[
            { key: 'seq', header: t('cashbook.fields.seq'), cell: (r) => <Ltr>{r.seq}</Ltr> },
            { key: 'date', header: t('cashbook.fields.date'), cell: (r) => <EntryDate value={r.transaction_date} /> },
            { key: 'type', header: t('cashbook.fields.type'), cell: (r) => <TypeBadge type={r.type} /> },
            { key: 'category', header: t('cashbook.fields.category'), cell: (r) => r.category_name },
            {
              key: 'description',
              header: t('cashbook.fields.description'),
              cell: (r) => (
                <Group gap={6} wrap="nowrap">
                  <span>{r.description}</span>
                  <ReversalMark entry={r} />
                </Group>
              ),
            },
            {
              key: 'voucher',
              header: t('cashbook.fields.voucher'),
              cell: (r) => (
                <>
                  {r.invoice_number}
                  {r.customer_name && (
                    <Text size="xs" c="dimmed">
                      {r.customer_name}
                    </Text>
                  )}
                </>
              ),
            },
            { key: 'user', header: t('cashbook.fields.user'), cell: (r) => r.agent_name ?? '' },
            {
              key: 'amount',
              header: t('cashbook.fields.amount'),
              align: 'end',
              cell: (r) => <Money cents={r.amount} />,
            },
            {
              key: 'actions',
              header: t('cashbook.fields.actions'),
              cell: (r) =>
                r.reverses_id === null && r.reversed_by_id === null ? (
                  <Button
                    size="compact-xs"
                    variant="default"
                    onClick={() => setReversing(r)}
                    aria-label={t('cashbook.reverse.action', { seq: r.seq })}
                    data-testid={`cashbook-reverse-${r.seq}`}
                  >
                    {t('cashbook.reverse.open')}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
      {adding && <AddTransactionDialog opened={adding} onClose={() => setAdding(false)} />}
      <ReverseDialog entry={reversing} onClose={() => setReversing(null)} />
    </Stack>
  );
}
