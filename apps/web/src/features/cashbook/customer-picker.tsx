import { Autocomplete, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_SEARCH_MIN, type CustomerHit } from '@portal/shared';
import { resolveCustomer, useCustomerSearch, customerSearchPath } from './api/search-customers';

const label = (h: CustomerHit) => `${h.firma} (${h.kundennummer})`;

/**
 * The customer of an income entry: the staff customer search of the user's country from 3
 * characters (country 1 the standard search, 2 the EG search, others none); a chosen hit is
 * resolved to the customer's id. Clearing the text clears the choice.
 */
export function CustomerPicker({
  countryId,
  onChange,
}: {
  countryId: number | null | undefined;
  onChange: (customer: { id: number; label: string } | null) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [debounced] = useDebouncedValue(text, 300);
  const term = debounced === chosen ? '' : debounced;
  const search = useCustomerSearch(countryId, term);
  const hits = useMemo(() => new Map((search.data ?? []).map((h) => [label(h), h])), [search.data]);
  const available = customerSearchPath(countryId) !== null;
  const typed = text.trim();

  return (
    <div>
      <Autocomplete
        label={t('cashbook.add.customer')}
        placeholder={t('cashbook.add.customerPlaceholder', { min: CUSTOMER_SEARCH_MIN })}
        leftSection={<IconSearch size={16} />}
        rightSection={search.isFetching ? <Loader size="xs" /> : null}
        value={text}
        disabled={!available}
        onChange={(v) => {
          setText(v);
          setFailed(false);
          if (chosen !== null && v !== chosen) {
            setChosen(null);
            onChange(null);
          }
        }}
        data={term.trim().length >= CUSTOMER_SEARCH_MIN ? [...hits.keys()] : []}
        filter={({ options }) => options}
        onOptionSubmit={(l) => {
          const hit = hits.get(l);
          if (!hit) return;
          setChosen(l);
          resolveCustomer(hit.kundennummer)
            .then((c) => onChange({ id: c.id, label: l }))
            .catch(() => {
              setFailed(true);
              onChange(null);
            });
        }}
        error={search.isError || failed ? t('cashbook.add.customerError') : undefined}
        data-testid="cashbook-customer-search"
      />
      {!available && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('cashbook.add.customerUnavailable')}
        </Text>
      )}
      {available && typed.length > 0 && typed.length < CUSTOMER_SEARCH_MIN && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('cashbook.add.customerMin', { min: CUSTOMER_SEARCH_MIN })}
        </Text>
      )}
    </div>
  );
}
