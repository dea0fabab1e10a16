import { Autocomplete, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INSOLVENCY_SEARCH_MIN, type InsolvencyCustomerHit } from '@portal/shared';
import { useInsolvencyCustomerSearch } from './api/search-customers';

const label = (h: InsolvencyCustomerHit) => `${h.firma} (${h.kundennummer})`;

/** The create dialog's customer search: from 2 characters, debounced; choosing a hit selects the customer. */
export function CustomerPicker({
  onSelect,
  error,
}: {
  onSelect: (hit: InsolvencyCustomerHit | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(text, 250);
  const term = debounced === chosen ? '' : debounced;
  const search = useInsolvencyCustomerSearch(term);
  const hits = useMemo(() => new Map((search.data ?? []).map((h) => [label(h), h])), [search.data]);
  const typed = text.trim();
  const enough = term.trim().length >= INSOLVENCY_SEARCH_MIN;
  return (
    <div>
      <Autocomplete
        label={t('insolvency.create.customer')}
        placeholder={t('insolvency.create.customerPlaceholder', { min: INSOLVENCY_SEARCH_MIN })}
        leftSection={<IconSearch size={16} />}
        rightSection={search.isFetching ? <Loader size="xs" /> : null}
        value={text}
        withAsterisk
        onChange={(v) => {
          // Picking an option sets the field to its label: that is the choice (the order of Mantine's
          // onOptionSubmit and onChange does not matter); any other text clears it.
          setText(v);
          const hit = hits.get(v);
          setChosen(hit ? v : null);
          onSelect(hit ?? null);
        }}
        data={enough ? [...hits.keys()] : []}
        filter={({ options }) => options}
        limit={20}
        error={error ?? (search.isError ? t('insolvency.create.searchError') : undefined)}
        data-testid="insolvency-customer-search"
      />
      {typed.length > 0 && typed.length < INSOLVENCY_SEARCH_MIN && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('insolvency.create.customerMin', { min: INSOLVENCY_SEARCH_MIN })}
        </Text>
      )}
      {enough && search.isSuccess && !search.isPlaceholderData && hits.size === 0 && debounced === text && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('insolvency.create.noCustomer')}
        </Text>
      )}
    </div>
  );
}
