import { Alert, Button, Group, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paging } from '../lib/use-paging';

/*
 * The staff screens' table: the server pages and sorts, the table shows. It takes the rows of the
 * current page, the sort state and paging callbacks, so offset and keyset paging fit alike.
 * Loading shows skeleton rows, a failed load an error with "try again", no rows the screen's own
 * words ("Keine … gefunden").
 */

export interface DataTableColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The server's sort key of this column; a column without one cannot be sorted. */
  sortKey?: string;
  align?: 'start' | 'end' | 'center';
}

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}

/** Previous/next of the table's footer: what `lib/use-paging.ts` hands out. */
export type DataTablePaging = Paging;

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  /** Screen reader name of the table (the screen's title, say). */
  caption: string;
  /** "Keine Aufträge gefunden": what the screen lists, in words. */
  emptyText: string;
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  sort?: SortState;
  /** A click on a sortable header: same column flips the direction, another one starts ascending. */
  onSort?: (sort: SortState) => void;
  paging?: DataTablePaging;
  onRowClick?: (row: T) => void;
  'data-testid'?: string;
}

const SKELETON_ROWS = 5;

export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  emptyText,
  loading,
  error,
  onRetry,
  sort,
  onSort,
  paging,
  onRowClick,
  'data-testid': testId,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  // Below 48em the rows are cards (full.css `.data-table-cards`): no sideways scroll on a phone.
  const cards = useMediaQuery('(max-width: 47.99em)') ?? false;

  if (error) {
    return (
      <Alert color="red" data-testid={testId ? `${testId}-error` : undefined}>
        <Group justify="space-between">
          <Text size="sm">{t('kit.loadError')}</Text>
          {onRetry && (
            <Button size="xs" variant="white" color="red" onClick={onRetry}>
              {t('kit.retry')}
            </Button>
          )}
        </Group>
      </Alert>
    );
  }

  const header = (column: DataTableColumn<T>) => {
    if (!column.sortKey || !onSort) return column.header;
    const active = sort?.key === column.sortKey;
    const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
    const next: SortState = {
      key: column.sortKey,
      direction: active && sort.direction === 'asc' ? 'desc' : 'asc',
    };
    return (
      <UnstyledButton
        onClick={() => onSort(next)}
        aria-label={t('kit.sortBy', { column: column.header })}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 'inherit' }}
      >
        {column.header}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    );
  };

  const ariaSort = (column: DataTableColumn<T>) =>
    column.sortKey && sort?.key === column.sortKey
      ? sort.direction === 'asc'
        ? ('ascending' as const)
        : ('descending' as const)
      : undefined;

  const body =
    loading || rows === undefined ? (
      Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <Table.Tr key={i} data-testid={testId ? `${testId}-skeleton` : undefined}>
          {columns.map((c) => (
            <Table.Td key={c.key}>
              <Skeleton height={12} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))
    ) : rows.length === 0 ? (
      <Table.Tr>
        <Table.Td colSpan={columns.length}>
          <Text c="dimmed" ta="center" py="md" data-testid={testId ? `${testId}-empty` : undefined}>
            {emptyText}
          </Text>
        </Table.Td>
      </Table.Tr>
    ) : (
      rows.map((row) => (
        <Table.Tr
          key={rowKey(row)}
          onClick={onRowClick ? () => onRowClick(row) : undefined}
          style={onRowClick ? { cursor: 'pointer' } : undefined}
        >
          {columns.map((c) => (
            <Table.Td key={c.key} ta={c.align} data-label={c.header || undefined}>
              {c.cell(row)}
            </Table.Td>
          ))}
        </Table.Tr>
      ))
    );

  return (
    <div data-testid={testId}>
      <Table.ScrollContainer minWidth={cards ? 0 : columns.length * 120}>
        <Table
          striped={!cards}
          highlightOnHover={Boolean(onRowClick)}
          aria-label={caption}
          aria-busy={loading || undefined}
          className={cards ? 'data-table-cards' : undefined}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                // Headers on one line: the columns keep their width when the rows replace the
                // skeleton (a wrapping header shifted the whole table: layout shift 0.57 → 0.05).
                <Table.Th key={c.key} ta={c.align} aria-sort={ariaSort(c)} style={{ whiteSpace: 'nowrap' }}>
                  {header(c)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {paging && (paging.hasPrevious || paging.hasNext) && (
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" size="xs" disabled={!paging.hasPrevious || loading} onClick={paging.onPrevious}>
            {t('kit.previous')}
          </Button>
          {paging.page !== undefined && (
            <Text size="sm" aria-live="polite">
              {t('kit.page', { page: paging.page })}
            </Text>
          )}
          <Button variant="default" size="xs" disabled={!paging.hasNext || loading} onClick={paging.onNext}>
            {t('kit.next')}
          </Button>
        </Group>
      )}
    </div>
  );
}
