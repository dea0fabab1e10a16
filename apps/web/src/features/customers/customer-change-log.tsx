import { Button, Group, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditTrailList } from '../../components/audit-trail/audit-trail-list';
import { urlParam, useUrlFilters } from '../../lib/use-url-filters';
import { useCustomerAuditTrail } from './api/get-customer-audit-trail';

const FILTERS = { changes: urlParam.flag() };

/**
 * The audit trail's entries of the customer and of everything of theirs (issue 34): who changed what.
 * Loaded when asked for (`?changes=true` keeps it open across a reload).
 */
export function CustomerChangeLog({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { values, setParam } = useUrlFilters(FILTERS);
  const trail = useCustomerAuditTrail(customerId, values.changes);
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="customer-change-log">
      <Group justify="space-between">
        <Title order={2} size="h4" id={headingId}>
          {t('kit.auditTrail.title')}
        </Title>
        <Button
          variant="subtle"
          size="xs"
          onClick={() => setParam('changes', values.changes ? null : 'true')}
          aria-expanded={values.changes}
          data-testid="customer-change-log-toggle"
        >
          {t(values.changes ? 'customers.changes.hide' : 'customers.changes.show')}
        </Button>
      </Group>
      {values.changes && <AuditTrailList trail={trail} loadError={t('kit.auditTrail.loadError')} />}
    </Stack>
  );
}
