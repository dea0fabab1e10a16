import { Alert, Anchor, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPaidStatus, RKSV_PAYMENT_STATUSES, type RksvOrder } from '@portal/shared';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DateDisplay } from '../../components/date-display';
import { Ltr, UserText } from '../../components/ltr';
import { Money } from '../../components/money';
import { useAuth } from '../../lib/auth-context';
import { formatCount } from '../../lib/format';
import { useKeysetPaging } from '../../lib/use-paging';
import { useUrlFilters } from '../../lib/use-url-filters';
import { useRksvAgents } from './api/get-agents';
import { useRksvOrder } from './api/get-order';
import { useRksvOrders } from './api/get-orders';
import { lazyNamed, preloadOnIntent } from '../../lib/lazy-page';
import { useOpenInUrl } from '../../lib/use-open-in-url';
import {
  listFilters,
  ORDER_FILTERS,
  ORDER_RESETTABLE,
  paymentStatusColor,
  STAGE_COLORS,
  stageOfPath,
} from './order-filters';
import { CollapsibleFilters } from '../../components/collapsible-filters';
import { TermBadge } from './term-badge';
import { PageHeader } from '../../components/page-header';

const PAGE = 50;

/** The order dialog (its forms, selects and actions) loads on the first pointer or focus in the screen. */
const OrderDialog = lazyNamed(
  () => import('./order-dialog'),
  (m) => m.OrderDialog,
);
const PRELOAD = preloadOnIntent(OrderDialog);

/** The sidebar entry that opened the screen (app/agent/nav.ts's NavEntry, of which it reads the path). */
interface OpenedBy {
  path: string;
  label: string;
}

/**
 * RKSV Bestellungen: every order with filters (/rksvorders) or one stage (/rksvorders/offen …; the
 * five sub-pages share this screen and read their stage from their sidebar entry). Filters and
 * search are served by the server; pages by keyset. Only paid orders open the dialog.
 */
export default function OrdersPage({ entry }: { entry?: OpenedBy }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const stage = stageOfPath(entry?.path);
  const { values, setParam, reset } = useUrlFilters(ORDER_FILTERS);
  const [search, setSearch] = useState(values.q);
  const [debounced] = useDebouncedValue(search, 300);
  useEffect(() => {
    if (debounced !== values.q) setParam('q', debounced.trim() || null);
  }, [debounced, values.q, setParam]);

  const filters = listFilters(values, stage, values.q);
  const filterKey = JSON.stringify(filters);
  const { cursor, paging } = useKeysetPaging<number>(filterKey);
  const orders = useRksvOrders({ ...filters, cursor, limit: PAGE });
  const agents = useRksvAgents(isAdmin);
  // The open dialog is in the address (`?order=25`): a reload or a shared link opens it again.
  // The order dialog in the address (`?order=25`): reload, shared link and back button (issue 30).
  const orderInUrl = useOpenInUrl('order');
  const openOrder = (id: number) => orderInUrl.open(String(id));
  const closeOrder = orderInUrl.close;
  const dialogId = values.order;
  const open = useRksvOrder(
    dialogId,
    orders.data?.orders.find((o) => o.id === dialogId),
  ).data;

  const columns: DataTableColumn<RksvOrder>[] = [
    {
      key: 'id',
      header: t('rksvOrders.col.id'),
      // Paid orders open the dialog from the keyboard too: the number is a button.
      cell: (o) =>
        o.stage ? (
          <Anchor
            component="button"
            type="button"
            onClick={() => openOrder(o.id)}
            aria-label={t('rksvOrders.open', { id: o.id })}
            data-testid="rksv-order-open"
            data-order={o.id}
          >
            <Ltr>#{o.id}</Ltr>
          </Anchor>
        ) : (
          <Ltr>#{o.id}</Ltr>
        ),
    },
    {
      key: 'company',
      header: t('rksvOrders.col.company'),
      cell: (o) => (
        <Stack gap={0}>
          <UserText size="sm" fw={500}>
            {o.companyname}
          </UserText>
          <UserText size="xs" c="dimmed">
            {o.customername}, {o.zipcode} {o.city}
          </UserText>
        </Stack>
      ),
    },
    {
      key: 'total',
      header: t('rksvOrders.col.total'),
      cell: (o) => (
        <Stack gap={0} align="flex-end">
          <Money cents={o.total_amount} />
          <Text size="xs" c="dimmed">
            {t('rksvOrders.units', { count: o.qty })}
          </Text>
        </Stack>
      ),
      align: 'end',
    },
    {
      key: 'status',
      header: t('rksvOrders.col.status'),
      cell: (o) => (
        <TermBadge
          color={paymentStatusColor(o.payment_status)}
          termKey={`rksvOrders.payment.${o.payment_status}`}
          fallback={o.payment_status}
          data-testid="payment-status"
        />
      ),
    },
    {
      key: 'stage',
      header: t('rksvOrders.col.stage'),
      cell: (o) =>
        o.stage ? (
          <TermBadge
            color={STAGE_COLORS[o.stage]}
            termKey={`rksvOrders.stage.${o.stage}`}
            data-testid="order-stage"
            data-stage={o.stage}
          />
        ) : (
          '–'
        ),
    },
    {
      key: 'kind',
      header: t('rksvOrders.col.kind'),
      cell: (o) => (o.delivery === 1 ? t('rksvOrders.kind.shipping') : t('rksvOrders.kind.pickup')),
    },
    // Agents see only their own orders: the column is for admins.
    ...(isAdmin
      ? [
          {
            key: 'agent',
            header: t('rksvOrders.col.agent'),
            cell: (o: RksvOrder) => (o.agent_name ? <UserText size="sm">{o.agent_name}</UserText> : '–'),
          },
        ]
      : []),
    {
      key: 'paid',
      header: t('rksvOrders.col.paid'),
      // Only a paid order has a paid date; a pending or failed one shows none (not its saved_at).
      cell: (o) => (isPaidStatus(o.payment_status) && o.payed_at ? <DateDisplay value={o.payed_at} /> : '–'),
    },
  ];

  const title = stage ? t(`rksvOrders.stageTitle.${stage}`) : t('rksvOrders.title');
  const total = orders.data?.total;
  const hasFilters = Boolean(values.q || values.payment_status || values.delivery || values.agent);

  return (
    <Stack gap="md" {...PRELOAD}>
      <PageHeader title={title} />
      <CollapsibleFilters id="rksv-order-filters" active={ORDER_RESETTABLE.filter((k) => Boolean(values[k])).length}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('rksvOrders.filter.search')}
            placeholder={t('rksvOrders.filter.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
            data-testid="rksv-search"
          />
          {!stage && (
            <Select
              label={t('rksvOrders.filter.paymentStatus')}
              data={[
                { value: '', label: t('rksvOrders.filter.all') },
                ...RKSV_PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`rksvOrders.payment.${s}`) })),
              ]}
              value={values.payment_status}
              onChange={(v) => setParam('payment_status', v || null)}
              allowDeselect={false}
              w={180}
              data-testid="rksv-filter-status"
            />
          )}
          <Select
            label={t('rksvOrders.filter.kind')}
            data={[
              { value: '', label: t('rksvOrders.filter.all') },
              { value: '1', label: t('rksvOrders.kind.shipping') },
              { value: '0', label: t('rksvOrders.kind.pickup') },
            ]}
            value={values.delivery}
            onChange={(v) => setParam('delivery', v || null)}
            allowDeselect={false}
            w={160}
            data-testid="rksv-filter-kind"
          />
          {isAdmin && (
            <Select
              label={t('rksvOrders.filter.agent')}
              data={[
                { value: '', label: t('rksvOrders.filter.all') },
                ...(agents.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
              ]}
              value={values.agent ? String(values.agent) : ''}
              onChange={(v) => setParam('agent', v || null)}
              allowDeselect={false}
              searchable
              w={200}
              data-testid="rksv-filter-agent"
            />
          )}
          {hasFilters && (
            <Button
              variant="subtle"
              onClick={() => {
                setSearch('');
                reset([...ORDER_RESETTABLE]);
              }}
            >
              {t('rksvOrders.filter.reset')}
            </Button>
          )}
        </Group>
      </CollapsibleFilters>
      <Text size="sm" c="dimmed" data-testid="rksv-total" data-total={total}>
        {total !== undefined
          ? t('rksvOrders.total', {
              total: formatCount(total, i18n.language, orders.data?.totalCapped),
            })
          : '\u00a0'}
      </Text>
      {orders.isError ? (
        <Alert color="red" data-testid="rksv-load-error">
          <Group justify="space-between">
            <Text size="sm">{t('rksvOrders.loadError')}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void orders.refetch()}>
              {t('kit.retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <DataTable
          columns={columns}
          rows={orders.data?.orders}
          rowKey={(o) => o.id}
          caption={title}
          emptyText={t('rksvOrders.empty')}
          loading={orders.isPending}
          onRowClick={(o) => {
            // Only paid orders open the dialog (spec "RKSV orders list").
            if (o.stage) openOrder(o.id);
          }}
          paging={paging(orders.data?.nextCursor, { showPage: false })}
          data-testid="rksv-orders"
        />
      )}
      {dialogId !== undefined && open?.stage && (
        <Suspense fallback={null}>
          <OrderDialog order={open} isAdmin={isAdmin} agents={agents.data ?? []} onClose={closeOrder} />
        </Suspense>
      )}
    </Stack>
  );
}
