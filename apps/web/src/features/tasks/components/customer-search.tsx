import { Autocomplete, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_SEARCH_MIN, type CustomerHit } from '@portal/shared';
import { customerSearchPath, useCustomerSearch } from '../api/search-customers';

const hitLabel = (h: CustomerHit) => `${h.firma} (${h.kundennummer})`;

interface CustomerSearchProps {
  countryId: number;
  onSelect: (hit: CustomerHit) => void;
  disabled?: boolean;
}

/**
 * Customer search of the create-task form: from 3 characters, debounced; country 1 searches
 * /customers, country 2 /customersEG, other countries have none. Choosing a hit sets the customer.
 */
export function CustomerSearch({ countryId, onSelect, disabled }: CustomerSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(text, 300);
  const available = customerSearchPath(countryId) !== null;
  // After a choice the field shows the hit's label: that is not a new search.
  const term = debounced === chosen ? '' : debounced;
  const search = useCustomerSearch(countryId, term);

  const hits = useMemo(() => {
    const byLabel = new Map<string, CustomerHit>();
    for (const h of search.data ?? []) byLabel.set(hitLabel(h), h);
    return byLabel;
  }, [search.data]);

  const typed = text.trim();
  const tooShort = typed.length > 0 && typed.length < CUSTOMER_SEARCH_MIN;
  const searched = term.trim().length >= CUSTOMER_SEARCH_MIN && search.isSuccess && !search.isPlaceholderData;

  if (!available) {
    return (
      <div>
        <Autocomplete label={t('tasks.create.customerSearch')} disabled data={[]} data-testid="customer-search" />
        <Text size="xs" c="dimmed" mt={4} data-testid="customer-search-unavailable">
          {t('tasks.create.customerSearchUnavailable')}
        </Text>
      </div>
    );
  }

  return (
    <div>
      <Autocomplete
        label={t('tasks.create.customerSearch')}
        placeholder={t('tasks.create.customerSearchPlaceholder', { min: CUSTOMER_SEARCH_MIN })}
        leftSection={<IconSearch size={16} />}
        rightSection={search.isFetching ? <Loader size="xs" /> : null}
        value={text}
        onChange={setText}
        data={term.trim().length >= CUSTOMER_SEARCH_MIN ? [...hits.keys()] : []}
        filter={({ options }) => options}
        limit={50}
        onOptionSubmit={(label) => {
          const hit = hits.get(label);
          if (!hit) return;
          setChosen(label);
          onSelect(hit);
        }}
        disabled={disabled}
        error={search.isError ? t('tasks.create.customerSearchError') : undefined}
        data-testid="customer-search"
      />
      {tooShort && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('tasks.create.customerSearchMin', { min: CUSTOMER_SEARCH_MIN })}
        </Text>
      )}
      {searched && hits.size === 0 && debounced === text && (
        <Text size="xs" c="dimmed" mt={4} data-testid="customer-search-empty">
          {t('tasks.create.noCustomers')}
        </Text>
      )}
    </div>
  );
}
