import { Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CASHBOOK_SEARCH_MAX, type CashbookTransaction } from '@portal/shared';
import { urlParam } from '../../lib/use-url-filters';
import { DataTable } from '../../components/data-table';
import { DateInput, INVALID_DATE } from '../../components/date-input';
import { Ltr } from '../../components/ltr';
import { Money } from '../../components/money';
import { useKeysetPaging } from '../../lib/use-paging';
import { useUrlFilters } from '../../lib/use-url-filters';
import { useCategories } from './api/get-categories';
import { useTransactions } from './api/get-transactions';
import { EntryDate, EntryDescription, ReversalMark, TypeBadge } from './components';
import { LoadError } from '../../components/load-error';
import { lazyNamed, preloadOnIntent } from '../../lib/lazy-page';
import { useOpenInUrl } from '../../lib/use-open-in-url';
import { listFilters, TRANSACTION_FILTERS, TRANSACTION_RESETTABLE } from './transaction-filters';
import { CollapsibleFilters } from '../../components/collapsible-filters';
import { PageHeader } from '../../components/page-header';

/** The add and entry dialogs (forms, their inputs) load on the first pointer or focus in the screen. */
const AddTransactionDialog = lazyNamed(
  () => import('./add-transaction-dialog'),
  (m) => m.AddTransactionDialog,
);
const EntryDialog = lazyNamed(
  () => import('./entry-dialog'),
  (m) => m.EntryDialog,
);
const PRELOAD = preloadOnIntent(AddTransactionDialog, EntryDialog);

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
  // What is open lives in the address (?entry=<id>, ?new=entry): a reload or a link opens it again.
  const addButton = useCallback(() => document.querySelector<HTMLElement>('[data-testid="cashbook-add"]'), []);
  const entry = useOpenInUrl('entry', addButton);
  const adding = useOpenInUrl('new', addButton);
  const entryId = urlParam.id()(entry.value);
  const [search, setSearch] = useState(values.q);
  const commitSearch = useDebouncedCallback((v: string) => setParam('q', v || null), 300);

  const setDay = (name: 'start' | 'end') => (v: string) => {
    if (v === '' || v !== INVALID_DATE) setParam(name, v || null);
  };

  return (
    <Stack {...PRELOAD}>
      <PageHeader title={t('cashbook.transactions.title')}>
        <Button leftSection={<IconPlus size={16} />} onClick={() => adding.open('entry')} data-testid="cashbook-add">
          {t('cashbook.add.open')}
        </Button>
      </PageHeader>
      <CollapsibleFilters id="cashbook-filters" active={Object.values(filters).filter((v) => v !== undefined).length}>
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
                // Cut at the server's limit: the search never refuses its own input.
                const v = e.currentTarget.value.slice(0, CASHBOOK_SEARCH_MAX);
                setSearch(v);
                commitSearch(v);
              }}
              w={220}
              maxLength={CASHBOOK_SEARCH_MAX}
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
      </CollapsibleFilters>
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
            {
              key: 'seq',
              header: t('cashbook.fields.seq'),
              cell: (r) => (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => entry.open(String(r.id))}
                  aria-label={t('cashbook.entry.open', { seq: r.seq })}
                  data-testid={`cashbook-entry-${r.seq}`}
                >
                  <Ltr>{r.seq}</Ltr>
                </Button>
              ),
            },
            { key: 'date', header: t('cashbook.fields.date'), cell: (r) => <EntryDate value={r.transaction_date} /> },
            { key: 'type', header: t('cashbook.fields.type'), cell: (r) => <TypeBadge type={r.type} /> },
            { key: 'category', header: t('cashbook.fields.category'), cell: (r) => r.category_name },
            {
              key: 'description',
              header: t('cashbook.fields.description'),
              cell: (r) => (
                <Group gap={6} wrap="nowrap">
                  <EntryDescription entry={r} />
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
                    onClick={() => entry.open(String(r.id))}
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
      <Suspense fallback={null}>
        {adding.value !== null && <AddTransactionDialog opened onClose={adding.close} />}
        {entryId !== undefined && <EntryDialog id={entryId} onClose={entry.close} />}
      </Suspense>
    </Stack>
  );
}
