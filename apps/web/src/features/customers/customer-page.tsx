import { Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error';
import { hasStatus } from '../../lib/errors';
import { urlParam } from '../../lib/use-url-filters';
import { useCustomerRecord } from './api/get-customer-record';
import { CustomerHead } from './customer-head';
import { CustomerTimeline } from './customer-timeline';
import { CustomerChangeLog } from './customer-change-log';

const customerId = urlParam.id();

/**
 * /agent-dashboard/customers/:id (issue 34): one customer's master data and, below it, everything the
 * areas did with the customer, newest first, filtered by kind (kept in the address) and paged by the
 * server. A customer that does not exist or is another country's reads "Kunde nicht gefunden".
 */
export default function CustomerPage() {
  const { t } = useTranslation();
  const id = customerId(useParams().id ?? null);
  const record = useCustomerRecord(id);

  if (id === undefined || (record.isError && hasStatus(record.error, 400, 404)))
    return (
      <Stack gap="sm" data-testid="customer-not-found">
        <Title order={1} size="h2">
          {t('customers.notFound.title')}
        </Title>
        <Text>{t('customers.notFound.text')}</Text>
        <Anchor component={Link} to="/agent-dashboard">
          {t('customers.notFound.home')}
        </Anchor>
      </Stack>
    );
  if (record.isError)
    return <LoadError error={record.error} fallback={t('customers.loadError')} onRetry={() => void record.refetch()} />;
  if (!record.data)
    return (
      <Stack gap="md" role="status" aria-busy aria-label={t('customers.loading')} data-testid="customer-loading">
        <Skeleton height={32} width="60%" radius="sm" />
        <Skeleton height={140} radius="md" />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  return (
    <Stack gap="lg" data-testid="customer-page">
      <CustomerHead record={record.data} />
      <CustomerTimeline record={record.data} />
      <CustomerChangeLog customerId={record.data.id} />
    </Stack>
  );
}
