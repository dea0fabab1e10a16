import { Button, Group, Stack, Text } from '@mantine/core';
import type { SignageCustomerRow } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { Ltr } from '../../components/ltr';
import { CustomerFileLink } from '../../components/customer-file-link';
import { useSignageCustomers } from './api/get-customers';
import { useOffsetPaging } from '../../lib/use-paging';
import { SIGNAGE_PAGE } from './page-size';
import { StatusBadge } from './components/status-badge';
import { PageHeader } from '../../components/page-header';
import { useOpenInUrl } from '../../lib/use-open-in-url';
import { urlParam } from '../../lib/use-url-filters';
import { PlaysDialog } from './components/plays-dialog';

/** Kunden: the customers that have screens, each with its screens, schedules and content count. */
export default function SignageCustomersPage() {
  const { t } = useTranslation();
  const { offset, paging } = useOffsetPaging(SIGNAGE_PAGE);
  const customers = useSignageCustomers(offset);
  // Proof of play (issue 33): a customer's plays, open in the address (?plays=<customer id>).
  const plays = useOpenInUrl('plays');
  const playsId = urlParam.id()(plays.value);
  const columns: DataTableColumn<SignageCustomerRow>[] = [
    {
      key: 'firma',
      header: t('signage.devices.customer'),
      cell: (c) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {c.firma}
          </Text>
          <Text size="xs" c="dimmed">
            <Ltr>{[c.kundennummer, c.email].filter(Boolean).join(' · ')}</Ltr>
          </Text>
          <CustomerFileLink customerId={c.customer_id} firma={c.firma} />
        </Stack>
      ),
    },
    {
      key: 'devices',
      header: t('signage.customers.devices'),
      cell: (c) => (
        <Stack gap={4}>
          {c.devices.map((d) => (
            <Group key={d.device_id} gap="xs" wrap="nowrap">
              <Text size="sm">{d.device_name ?? t('signage.devices.unnamed', { id: d.device_id })}</Text>
              <StatusBadge status={d.effective_status} />
            </Group>
          ))}
        </Stack>
      ),
    },
    { key: 'schedules', header: t('signage.customers.schedules'), align: 'end', cell: (c) => c.schedule_count },
    { key: 'content', header: t('signage.customers.content'), align: 'end', cell: (c) => c.content_count },
    {
      key: 'plays',
      header: t('plays.open'),
      cell: (c) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => plays.open(String(c.customer_id))}
          aria-label={t('plays.openLabel', { firma: c.firma })}
          data-testid="customer-plays"
        >
          {t('plays.open')}
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeader title={t('signage.customers.title')} />
      <DataTable
        columns={columns}
        rows={customers.data?.rows}
        rowKey={(c) => c.customer_id}
        caption={t('signage.customers.title')}
        emptyText={t('signage.customers.empty')}
        loading={customers.isPending}
        error={customers.isError}
        onRetry={() => void customers.refetch()}
        data-testid="customers-table"
        paging={paging(customers.data)}
      />
      {playsId !== undefined && (
        <PlaysDialog
          customerId={playsId}
          firma={customers.data?.rows.find((c) => c.customer_id === playsId)?.firma}
          onClose={plays.close}
        />
      )}
    </Stack>
  );
}
