import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BusinessOrder } from '@portal/shared';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DateDisplay } from '../../components/date-display';
import { Money } from '../../components/money';
import { useBusinessDeliveries } from './api/get-deliveries';
import { useBusinessOrders } from './api/get-orders';
import { ScreenTitle, StageBadge, TrackingInfo } from './parts';
import { useKeysetPaging } from '../../lib/use-paging';

/** The customer's RKSV orders (and, as `deliveries`, those on their way), newest first. */
export default function OrdersPage({ kind = 'orders' }: { kind?: 'orders' | 'deliveries' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { cursor, paging } = useKeysetPaging<number>();
  const orders = useBusinessOrders(cursor, kind === 'orders');
  const deliveries = useBusinessDeliveries(cursor, kind === 'deliveries');
  const list = kind === 'orders' ? orders : deliveries;
  const columns: DataTableColumn<BusinessOrder>[] = [
    {
      key: 'id',
      header: t('businessData.col.order'),
      cell: (o) => (
        <Anchor component={Link} to={`/business-dashboard/orders/${o.id}`} onClick={(e) => e.stopPropagation()}>
          {t('businessData.orderNo', { id: o.id })}
        </Anchor>
      ),
    },
    { key: 'stage', header: t('businessData.col.stage'), cell: (o) => <StageBadge order={o} /> },
    { key: 'tracking', header: t('businessData.col.tracking'), cell: (o) => <TrackingInfo order={o} /> },
    { key: 'date', header: t('businessData.col.date'), cell: (o) => <DateDisplay value={o.saved_at} /> },
    {
      key: 'cards',
      header: t('businessData.col.cards'),
      cell: (o) => (
        <Text size="sm">{t('businessData.cardsActivated', { activated: o.activated_count, total: o.card_count })}</Text>
      ),
    },
    { key: 'total', header: t('businessData.col.total'), cell: (o) => <Money cents={o.total_amount} />, align: 'end' },
  ];
  const title = t(`business.sections.${kind}`);
  return (
    <Stack>
      <ScreenTitle>{title}</ScreenTitle>
      <DataTable
        columns={columns}
        rows={list.data?.orders}
        rowKey={(o) => o.id}
        caption={title}
        emptyText={t(`business.empty.${kind}`)}
        loading={list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        paging={paging(list.data?.nextCursor)}
        onRowClick={(o) => void navigate(`/business-dashboard/orders/${o.id}`)}
        data-testid={`business-${kind}`}
      />
      {kind === 'orders' && (
        <Anchor component={Link} to="/rksv">
          {t('business.empty.ordersCta')}
        </Anchor>
      )}
    </Stack>
  );
}
