import { Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TaxIdType } from '@portal/shared';
import { BELOW_THE_FOLD, type OrderField } from './order-form';

/** Who orders: company, name and tax number (UID or Steuernummer); the label follows the choice. */
export function CompanySection({
  field,
  taxIdType,
  taxLabel,
  onTaxIdType,
}: {
  field: OrderField;
  taxIdType: TaxIdType;
  taxLabel: string;
  onTaxIdType: (type: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('shop.sections.company')}
        </Title>
        <TextInput
          label={t('shop.fields.company')}
          required
          autoComplete="organization"
          data-testid="rksv-company"
          {...field('company')}
        />
        <TextInput
          label={t('shop.fields.name')}
          required
          autoComplete="name"
          data-testid="rksv-name"
          {...field('name')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="rksv-taxid-type-label">
            {t('shop.fields.taxIdType')}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="rksv-taxid-type-label"
            data-testid="rksv-taxid-type"
            value={taxIdType}
            onChange={onTaxIdType}
            data={[
              { value: 'uid', label: t('shop.fields.uid') },
              { value: 'steuernummer', label: t('shop.fields.steuernummer') },
            ]}
          />
        </Stack>
        <TextInput
          label={taxLabel}
          required
          placeholder={taxIdType === 'uid' ? 'ATU12345678' : '12345/6789'}
          description={t('shop.fields.taxIdHint')}
          descriptionProps={{ c: 'gray.7' }}
          data-testid="rksv-taxid"
          {...field('taxId')}
        />
      </Stack>
    </Card>
  );
}

/** Where the company is: street, postcode and city. */
export function AddressSection({ field }: { field: OrderField }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" radius="md" style={BELOW_THE_FOLD}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('shop.sections.address')}
        </Title>
        <TextInput
          label={t('shop.fields.address')}
          required
          autoComplete="street-address"
          data-testid="rksv-address"
          {...field('address')}
        />
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <TextInput
            w={110}
            label={t('shop.fields.postalCode')}
            required
            inputMode="numeric"
            maxLength={4}
            autoComplete="postal-code"
            data-testid="rksv-postalcode"
            {...field('postalCode')}
          />
          <TextInput
            style={{ flex: 1, minWidth: 0 }}
            label={t('shop.fields.city')}
            required
            autoComplete="address-level2"
            data-testid="rksv-city"
            {...field('city')}
          />
        </Group>
      </Stack>
    </Card>
  );
}

/** How to reach the buyer: e-mail and phone. */
export function ContactSection({ field }: { field: OrderField }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" radius="md" style={BELOW_THE_FOLD}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('shop.sections.contact')}
        </Title>
        <TextInput
          label={t('shop.fields.email')}
          type="email"
          required
          autoComplete="email"
          data-testid="rksv-email"
          {...field('email')}
        />
        <TextInput
          label={t('shop.fields.phone')}
          type="tel"
          required
          autoComplete="tel"
          placeholder="0664 1234567"
          data-testid="rksv-phone"
          {...field('phone')}
        />
      </Stack>
    </Card>
  );
}
