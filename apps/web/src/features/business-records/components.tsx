import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../components/list-skeleton';
import { formatNumber } from '../../lib/format';
import type { Paging } from '../../lib/use-paging';

/** Waiting, failed (with a retry) or empty: the three states every list shows in words. */
export function ListState({
  loading,
  error,
  onRetry,
  empty,
  emptyText,
}: {
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  empty: boolean;
  emptyText: string;
}) {
  const { t } = useTranslation();
  if (loading)
    return (
      <ListSkeleton rows={4} />
    );
  if (error)
    return (
      <Alert color="red" data-testid="records-error">
        <Group justify="space-between">
          <Text size="sm">{t('records.loadError')}</Text>
          <Button size="xs" variant="light" onClick={onRetry}>
            {t('records.retry')}
          </Button>
        </Group>
      </Alert>
    );
  if (empty)
    return (
      <Text c="dimmed" data-testid="records-empty">
        {emptyText}
      </Text>
    );
  return null;
}

/** "Zurück" and "Weiter" under a list of cards (a phone's list; tables page in their footer). */
export function CardPager({ paging }: { paging: Paging }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between">
      <Button variant="default" disabled={!paging.hasPrevious} onClick={paging.onPrevious}>
        {t('records.previous')}
      </Button>
      <Button variant="default" disabled={!paging.hasNext} onClick={paging.onNext}>
        {t('records.next')}
      </Button>
    </Group>
  );
}

/** A file size in words a person reads (kB, MB), digits left to right. */
export function fileSize(bytes: number, locale: string): string {
  const fmt = (n: number) => formatNumber(n, locale, { digits: 1 });
  if (bytes < 1024) return `${fmt(bytes)} B`;
  if (bytes < 1024 * 1024) return `${fmt(bytes / 1024)} kB`;
  return `${fmt(bytes / 1024 / 1024)} MB`;
}
