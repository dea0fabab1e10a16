import { Alert, Button, ColorSwatch, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCalendarMonth, IconPlus } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INSOLVENCY_MSG,
  INSOLVENCY_STATUSES,
  type InsolvencyCloseStatus,
  type InsolvencyRow,
  type InsolvencyStatus,
} from '@portal/shared';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DateDisplay } from '../../components/date-display';
import { Bidi, Ltr } from '../../components/ltr';
import { CustomerFileLink } from '../../components/customer-file-link';
import { clientError, errorMessage } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { translateMessage } from '../../lib/translate-message';
import { urlParam, useUrlFilters } from '../../lib/use-url-filters';
import { useOpenInUrl } from '../../lib/use-open-in-url';
import { useCloseInsolvency } from './api/close-insolvency';
import { INSOLVENCY_PAGE_SIZE, useInsolvencies } from './api/get-insolvencies';
import { CreateInsolvencyDialog } from './create-insolvency-dialog';
import { MonthGrid } from './month-grid';
import { PageHeader } from '../../components/page-header';
import { CollapsibleFilters } from '../../components/collapsible-filters';

const FILTERS = {
  status: urlParam.oneOf<InsolvencyStatus | 'all'>([...INSOLVENCY_STATUSES, 'all'], 'all'),
  page: (raw: string | null) => (raw && /^\d{1,5}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1),
};
const STATUS_COLOR: Record<InsolvencyStatus, string> = { active: 'red', closed: 'yellow', permanently_closed: 'gray' };

/** /agent-dashboard/insolvency: the cases, a create dialog, Beenden and Dauerhaft schließen, the month grid. */
export default function InsolvencyPage() {
  const { t } = useTranslation();
  const { values, setParam } = useUrlFilters(FILTERS);
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const list = useInsolvencies(values.status, values.page);
  const close = useCloseInsolvency();
  const [creating, setCreating] = useState(false);
  // The open case's months in the URL (`?case=7`, with the list's status and page): a reload keeps it open.
  const caseInUrl = useOpenInUrl('case');
  const monthsOf = urlParam.id()(caseInUrl.value);
  const [confirm, setConfirm] = useState<{ row: InsolvencyRow; status: InsolvencyCloseStatus } | null>(null);
  const rows = list.data?.slice(0, INSOLVENCY_PAGE_SIZE);
  const hasNext = (list.data?.length ?? 0) > INSOLVENCY_PAGE_SIZE;

  const doClose = () => {
    if (!confirm) return;
    close.mutate(
      { id: confirm.row.id, status: confirm.status },
      {
        onSuccess: (r) => {
          notifications.show({ color: 'green', message: translateMessage(r.message, r.code) });
          setConfirm(null);
        },
        onError: (e) => {
          notifications.show({
            color: 'red',
            message: errorMessage(e, translateMessage(INSOLVENCY_MSG.closeError), clientError),
          });
          setConfirm(null);
        },
      },
    );
  };

  const columns: DataTableColumn<InsolvencyRow>[] = [
    {
      key: 'company',
      header: t('insolvency.list.company'),
      cell: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            <Bidi>{r.company_name}</Bidi>
          </Text>
          <Text size="xs" c="dimmed">
            <Ltr>{r.kundennummer}</Ltr>
          </Text>
          <CustomerFileLink customerId={r.customer_id} firma={r.company_name} />
        </Stack>
      ),
    },
    {
      key: 'administrator',
      header: t('insolvency.list.administrator'),
      cell: (r) => (
        <Stack gap={0}>
          <Text size="sm">
            <Bidi>{r.administrator_name}</Bidi>
          </Text>
          {r.administrator_email && (
            <Text size="xs" c="dimmed">
              <Ltr>{r.administrator_email}</Ltr>
            </Text>
          )}
          {r.administrator_phone && (
            <Text size="xs" c="dimmed">
              <Ltr>{r.administrator_phone}</Ltr>
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'start', header: t('insolvency.list.startDate'), cell: (r) => <DateDisplay value={r.start_date} /> },
    {
      key: 'end',
      header: t('insolvency.list.endDate'),
      cell: (r) => (r.end_date ? <DateDisplay value={r.end_date} /> : '–'),
    },
    {
      key: 'status',
      header: t('insolvency.list.status'),
      cell: (r) => (
        <Group gap={6} wrap="nowrap" data-testid={`insolvency-status-${r.id}`}>
          <ColorSwatch
            color={`var(--mantine-color-${STATUS_COLOR[r.status]}-6)`}
            size={10}
            withShadow={false}
            aria-hidden
          />
          <Text size="sm">{t(`insolvency.status.${r.status}`)}</Text>
        </Group>
      ),
    },
    {
      key: 'months',
      header: t('insolvency.list.months'),
      cell: (r) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCalendarMonth size={14} />}
          onClick={() => caseInUrl.open(String(r.id))}
          data-testid={`insolvency-months-${r.id}`}
        >
          {t('insolvency.list.monthsButton', { count: r.months.length })}
        </Button>
      ),
    },
    {
      key: 'actions',
      header: t('insolvency.list.actions'),
      cell: (r) =>
        r.status === 'permanently_closed' ? null : (
          // One under the other: the table then fits the screen without scrolling sideways.
          <Stack gap={4} align="flex-start">
            {r.status === 'active' && (
              <Button
                size="xs"
                variant="default"
                onClick={() => setConfirm({ row: r, status: 'closed' })}
                data-testid={`insolvency-end-${r.id}`}
              >
                {t('insolvency.actions.end')}
              </Button>
            )}
            <Button
              size="xs"
              color="red"
              onClick={() => setConfirm({ row: r, status: 'permanently_closed' })}
              data-testid={`insolvency-close-${r.id}`}
            >
              {t('insolvency.actions.closePermanently')}
            </Button>
          </Stack>
        ),
    },
  ];

  return (
    <Stack>
      <PageHeader title={t('insolvency.title')}>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="insolvency-new">
          {t('insolvency.create.open')}
        </Button>
      </PageHeader>
      <CollapsibleFilters id="insolvency-filters" active={values.status === 'all' ? 0 : 1}>
        <SegmentedControl
          w={{ base: '100%', sm: 'fit-content' }}
          orientation={narrow ? 'vertical' : 'horizontal'}
          value={values.status}
          onChange={(v) => {
            setParam('status', v === 'all' ? null : v);
            setParam('page', null);
          }}
          data={(['all', ...INSOLVENCY_STATUSES] as const).map((s) => ({
            value: s,
            label: t(`insolvency.filter.${s}`),
          }))}
          aria-label={t('insolvency.list.status')}
        />
      </CollapsibleFilters>
      {list.isError && (
        <Alert color="red" data-testid="insolvency-load-error">
          {errorMessage(list.error, translateMessage(INSOLVENCY_MSG.loadError), clientError)}
        </Alert>
      )}
      <DataTable
        columns={columns}
        rows={list.isError ? [] : rows}
        rowKey={(r) => r.id}
        caption={t('insolvency.title')}
        emptyText={t('insolvency.list.empty')}
        loading={list.isPending}
        paging={{
          page: values.page,
          hasPrevious: values.page > 1,
          hasNext,
          onPrevious: () => setParam('page', values.page > 2 ? String(values.page - 1) : null),
          onNext: () => setParam('page', String(values.page + 1)),
        }}
        data-testid="insolvency-list"
      />
      <CreateInsolvencyDialog opened={creating} onClose={() => setCreating(false)} />
      <MonthGrid row={rows?.find((r) => r.id === monthsOf) ?? null} onClose={caseInUrl.close} />
      <ConfirmDialog
        opened={confirm !== null}
        title={
          confirm
            ? t(confirm.status === 'closed' ? 'insolvency.confirm.endTitle' : 'insolvency.confirm.closeTitle')
            : ''
        }
        text={
          confirm
            ? t(confirm.status === 'closed' ? 'insolvency.confirm.endText' : 'insolvency.confirm.closeText', {
                company: confirm.row.company_name,
              })
            : ''
        }
        confirmLabel={
          confirm
            ? t(confirm.status === 'closed' ? 'insolvency.actions.end' : 'insolvency.actions.closePermanently')
            : undefined
        }
        destructive={confirm?.status === 'permanently_closed'}
        busy={close.isPending}
        onConfirm={doClose}
        onCancel={() => setConfirm(null)}
      />
    </Stack>
  );
}
