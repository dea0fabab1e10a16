import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BusinessSupportItem } from '@portal/shared';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DateDisplay } from '../../components/date-display';
import { Bidi, Ltr } from '../../components/ltr';
import { BUSINESS_CARDS, ServiceCards } from '../../components/service-cards';
import { useBusinessSupport } from './api/get-support';
import { ScreenTitle, SupportStatusBadge } from './parts';
import { useKeysetPaging } from '../../lib/use-paging';

/** The customer's requests (tasks of their record), newest first, and the way to a new one. */
export default function SupportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { cursor, paging } = useKeysetPaging<number>();
  const list = useBusinessSupport(cursor);
  const columns: DataTableColumn<BusinessSupportItem>[] = [
    {
      key: 'titel',
      header: t('businessData.col.title'),
      cell: (s) => (
        <Anchor component={Link} to={`/business-dashboard/support/${s.id}`} onClick={(e) => e.stopPropagation()}>
          <Bidi>{s.titel}</Bidi>
        </Anchor>
      ),
    },
    { key: 'status', header: t('businessData.col.status'), cell: (s) => <SupportStatusBadge status={s.status} /> },
    {
      key: 'typ',
      header: t('businessData.col.type'),
      cell: (s) => t(`businessData.types.${s.typ}`, { defaultValue: s.typ_name }),
    },
    { key: 'created', header: t('businessData.col.created'), cell: (s) => <DateDisplay value={s.erstellt_am} /> },
    { key: 'due', header: t('businessData.col.due'), cell: (s) => <DateDisplay value={s.frist} /> },
    { key: 'id', header: '#', cell: (s) => <Ltr>{s.id}</Ltr> },
  ];
  const title = t('business.sections.support');
  return (
    <Stack>
      <Group justify="space-between">
        <ScreenTitle>{title}</ScreenTitle>
        <Button
          component={Link}
          to="/business-dashboard/support/new"
          leftSection={<IconPlus size={16} aria-hidden />}
          data-testid="support-new"
        >
          {t('businessData.newRequest')}
        </Button>
      </Group>
      <DataTable
        columns={columns}
        rows={list.data?.tasks}
        rowKey={(s) => s.id}
        caption={title}
        emptyText={t('businessData.emptySupport')}
        loading={list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        paging={paging(list.data?.nextCursor)}
        onRowClick={(s) => void navigate(`/business-dashboard/support/${s.id}`)}
        data-testid="business-support"
      />
      <ServiceCards cards={BUSINESS_CARDS.filter((c) => c.key === 'emergency')} />
    </Stack>
  );
}
