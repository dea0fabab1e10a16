import { Combobox, Loader, Text, TextInput, useCombobox, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerFileLink } from './customer-file-link';

/** What every customer search answers (tasks, cashbook, signage, insolvency): more fields are kept. */
export interface CustomerPickerHit {
  id: number;
  kundennummer: string;
  firma: string;
}

/** How long typing pauses before a search starts: one debounce for every picker. */
export const CUSTOMER_SEARCH_DEBOUNCE_MS = 300;

/** `Firma (Kundennummer)`: how a hit reads in the list and, once chosen, in the field. */
export const customerLabel = (h: CustomerPickerHit) => `${h.firma} (${h.kundennummer})`;

export interface CustomerPickerProps<H extends CustomerPickerHit> {
  label: string;
  /** The fewest characters that start a search (the spec: 3 for tasks and cashbook, 2 for OKDS and insolvency). */
  minLength: number;
  /** The area's own search call, from `minLength` trimmed characters on. */
  search: (term: string, signal: AbortSignal) => Promise<H[]>;
  /** The query key of one search term (the area's cache entry). */
  queryKey: (term: string) => QueryKey;
  /** Called with the chosen hit, and with null when the text no longer names it. */
  onChange: (hit: H | null) => void;
  /** A hit chosen before (the field starts with its text). */
  initial?: H | null;
  /** The text a chosen hit puts into the field (default `Firma (Kundennummer)`). */
  hitLabel?: (hit: H) => string;
  /** An option's content (default the hit's label). */
  renderOption?: (hit: H) => ReactNode;
  placeholder?: string;
  description?: string;
  /** Below the field while fewer than `minLength` characters are typed. */
  tooShortText?: string;
  /** Below the field when a search found nobody. */
  emptyText?: string;
  /** The field's error when the search failed. */
  failedText: string;
  /** Set when the reader's country has no customer search: the field is disabled with this text below. */
  unavailableText?: string | undefined;
  /** The form's error of the field (wins over the search's). */
  error?: string | undefined;
  withAsterisk?: boolean;
  disabled?: boolean;
  /** The field's test id; the hints get `<id>-empty` and `<id>-unavailable`, every option `customer-option`. */
  'data-testid': string;
}

/**
 * The one customer search of the staff screens: a combobox (`role="combobox"`, `aria-expanded`, a
 * listbox of `role="option"`) that searches after one debounce from `minLength` characters with the
 * area's own call, shows what it is doing (searching, too short, nobody found, failed) and hands the
 * chosen hit up; editing the text afterwards clears the choice. A chosen customer links its record
 * ("Kundenakte", in a new tab: the form is not left).
 */
export function CustomerPicker<H extends CustomerPickerHit>(props: CustomerPickerProps<H>) {
  const { minLength, onChange, hitLabel = customerLabel, renderOption = hitLabel } = props;
  const testId = props['data-testid'];
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState(() => (props.initial ? hitLabel(props.initial) : ''));
  // The label of the chosen hit: while the field shows it, it is not a new search.
  const [chosen, setChosen] = useState<string | null>(() => (props.initial ? hitLabel(props.initial) : null));
  // The chosen customer itself: its record is a link away (opened beside the form, which stays).
  const [chosenHit, setChosenHit] = useState<H | null>(props.initial ?? null);
  const [debounced] = useDebouncedValue(text, CUSTOMER_SEARCH_DEBOUNCE_MS);
  const term = (debounced === chosen ? '' : debounced).trim();
  const available = props.unavailableText === undefined;
  const enough = term.length >= minLength;
  const query = useQuery({
    queryKey: props.queryKey(term),
    queryFn: ({ signal }) => props.search(term, signal),
    enabled: available && enough,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const hits = enough && query.data ? query.data : [];
  const [open, setOpen] = useState(false);
  const combobox = useCombobox({ opened: open && hits.length > 0, onOpenedChange: setOpen });

  const typed = text.trim();
  const tooShort = typed.length > 0 && typed.length < minLength;
  const searched = enough && query.isSuccess && !query.isPlaceholderData && debounced === text;
  const nobody = searched && hits.length === 0;

  const choose = (id: string) => {
    const hit = hits.find((h) => String(h.id) === id);
    if (!hit) return;
    const l = hitLabel(hit);
    setText(l);
    setChosen(l);
    setChosenHit(hit);
    combobox.closeDropdown();
    onChange(hit);
  };

  const hint = !available
    ? props.unavailableText
    : tooShort
      ? props.tooShortText
      : nobody
        ? props.emptyText
        : undefined;
  const hintTestId = !available ? `${testId}-unavailable` : nobody ? `${testId}-empty` : undefined;

  // How many were found, said once a search has answered (WCAG 4.1.3); the arrows then walk the list.
  const found = searched && hits.length > 0 && text !== chosen ? t('kit.customerHits', { count: hits.length }) : '';

  return (
    <div>
      <Combobox store={combobox} onOptionSubmit={choose}>
        <Combobox.Target withExpandedAttribute>
          {/* Mantine's target gives the field aria-haspopup, aria-expanded, aria-controls (the listbox
              while it is open) and aria-activedescendant (the option the arrows reached). */}
          <TextInput
            id={inputId}
            role="combobox"
            aria-autocomplete="list"
            label={props.label}
            placeholder={props.placeholder}
            description={props.description}
            withAsterisk={props.withAsterisk}
            disabled={props.disabled || !available}
            leftSection={<IconSearch size={16} />}
            rightSection={query.isFetching ? <Loader size="xs" /> : null}
            value={text}
            error={props.error ?? (query.isError ? props.failedText : undefined)}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setText(v);
              combobox.openDropdown();
              if (chosen !== null && v !== chosen) {
                setChosen(null);
                setChosenHit(null);
                onChange(null);
              }
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            data-testid={testId}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={hits.length === 0}>
          <Combobox.Options labelledBy={`${inputId}-label`}>
            {hits.map((h) => (
              <Combobox.Option value={String(h.id)} key={h.id} data-testid="customer-option">
                {renderOption(h)}
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {/* The live region is there before its text, so each hint is said when it appears. */}
      <div aria-live="polite">
        {hint && (
          <Text size="xs" c="dimmed" mt={4} data-testid={hintTestId}>
            {hint}
          </Text>
        )}
        <VisuallyHidden data-testid={`${testId}-found`}>{found}</VisuallyHidden>
      </div>
      {chosenHit && chosen === text && <CustomerFileLink customerId={chosenHit.id} firma={chosenHit.firma} newTab />}
    </div>
  );
}
