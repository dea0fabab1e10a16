import { Text } from '@mantine/core';
import { SIGNAGE_SEARCH_MIN, type SignageCustomerHit } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { CustomerPicker as Picker } from '../../../components/customer-picker';
import { searchCustomers, searchCustomersKey } from '../api/search-customers';

/**
 * The OKDS customer search (the shared picker from 2 characters: company, customer number or
 * e-mail, at most 20 hits), used by the activation dialog and the schedule form.
 */
export function CustomerPicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: SignageCustomerHit | null;
  onChange: (c: SignageCustomerHit | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Picker
      label={label}
      minLength={SIGNAGE_SEARCH_MIN}
      search={searchCustomers}
      queryKey={searchCustomersKey}
      initial={value}
      hitLabel={(h) => h.firma}
      renderOption={(h) => (
        <>
          <Text size="sm">{h.firma}</Text>
          <Text size="xs" c="dimmed" dir="ltr">
            {[h.kundennummer, h.email, h.stripe_cu_id].filter(Boolean).join(' · ')}
          </Text>
        </>
      )}
      placeholder={t('signage.customer.placeholder')}
      description={t('signage.customer.hint')}
      emptyText={t('signage.customer.none')}
      failedText={t('signage.customer.searchFailed')}
      error={error}
      onChange={onChange}
      data-testid="customer-search"
    />
  );
}
