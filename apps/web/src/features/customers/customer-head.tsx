import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CustomerRecord } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { Bidi, Ltr } from '../../components/ltr';
import { CustomerGdpr } from './customer-gdpr';

/** Long words (an address, an e-mail without a break) wrap inside the card instead of widening the page. */
const WRAP = { overflowWrap: 'anywhere', minWidth: 0 } as const;

/** One labelled value of the master data; an empty value reads "–". */
function Field({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div style={WRAP}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" data-testid={testId}>
        {children || '–'}
      </Text>
    </div>
  );
}

/** The head of the customer's page: company, number, source, "inaktiv", the master data, and for admins its data protection. */
export function CustomerHead({ record: r }: { record: CustomerRecord }) {
  const { t } = useTranslation();
  const place = [r.plz, r.ort].filter(Boolean).join(' ');
  const address = [r.adresse, place].filter(Boolean).join(', ');
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('customers.title')}
      </Text>
      <div style={WRAP}>
        <PageHeader title={<Bidi>{r.firma}</Bidi>} />
      </div>
      <Group gap="xs">
        <Badge variant="light" color="gray" tt="none" data-testid="customer-source">
          {t('customers.fields.source')}: <Ltr>{r.source}</Ltr>
        </Badge>
        {!r.active && (
          <Badge variant="filled" color="red" data-testid="customer-inactive">
            {t('customers.inactive')}
          </Badge>
        )}
      </Group>
      <Card withBorder padding="md">
        <SimpleGrid component="dl" cols={{ base: 2, md: 3 }} spacing="md" verticalSpacing="sm" m={0}>
          <Field label={t('customers.fields.kundennummer')} testId="customer-kundennummer">
            <Ltr>{r.kundennummer}</Ltr>
          </Field>
          <Field label={t('customers.fields.firma')} testId="customer-firma">
            <Bidi>{r.firma}</Bidi>
          </Field>
          <Field label={t('customers.fields.contact')} testId="customer-contact">
            {r.kontaktperson && <Bidi>{r.kontaktperson}</Bidi>}
          </Field>
          <Field label={t('customers.fields.email')} testId="customer-email">
            {r.email && (
              <Anchor href={`mailto:${r.email}`} size="sm">
                <Ltr>{r.email}</Ltr>
              </Anchor>
            )}
          </Field>
          <Field label={t('customers.fields.phone')} testId="customer-phone">
            {r.telefon && (
              <Anchor href={`tel:${r.telefon.replace(/[^\d+]/g, '')}`} size="sm">
                <Ltr>{r.telefon}</Ltr>
              </Anchor>
            )}
          </Field>
          <Field label={t('customers.fields.address')} testId="customer-address">
            {address && <Bidi>{address}</Bidi>}
          </Field>
          <Field label={t('customers.fields.uid')} testId="customer-uid">
            {r.uid && <Ltr>{r.uid}</Ltr>}
          </Field>
        </SimpleGrid>
      </Card>
      <CustomerGdpr record={r} />
    </Stack>
  );
}
