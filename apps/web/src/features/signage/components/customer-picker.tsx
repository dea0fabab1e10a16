import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { SIGNAGE_SEARCH_MIN, type SignageCustomerHit } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@mantine/hooks';
import { useCustomerSearch } from '../api/search-customers';

/** Customer search from 2 characters (company, customer number or e-mail), at most 20 hits. */
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
  const [text, setText] = useState(value ? value.firma : '');
  const [query] = useDebouncedValue(text, 250);
  const search = useCustomerSearch(query);
  const combobox = useCombobox();
  const tooShort = text.trim().length < SIGNAGE_SEARCH_MIN;
  const hits = search.data ?? [];

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const hit = hits.find((h) => String(h.id) === id) ?? null;
        onChange(hit);
        setText(hit ? hit.firma : '');
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          value={text}
          error={error}
          placeholder={t('signage.customer.placeholder')}
          description={t('signage.customer.hint')}
          rightSection={search.isFetching ? <Loader size={14} /> : null}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (value) onChange(null);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          data-testid="customer-search"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={tooShort}>
        <Combobox.Options>
          {search.isError ? (
            <Combobox.Empty>{t('signage.customer.searchFailed')}</Combobox.Empty>
          ) : hits.length === 0 ? (
            <Combobox.Empty>
              {search.isFetching ? t('signage.customer.searching') : t('signage.customer.none')}
            </Combobox.Empty>
          ) : (
            hits.map((h) => (
              <Combobox.Option value={String(h.id)} key={h.id} data-testid="customer-option">
                <Text size="sm">{h.firma}</Text>
                <Text size="xs" c="dimmed" dir="ltr">
                  {[h.kundennummer, h.email, h.stripe_cu_id].filter(Boolean).join(' · ')}
                </Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
