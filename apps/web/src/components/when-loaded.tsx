import { Skeleton, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';

/**
 * A block that shows one query's answer: its error in words with "Erneut versuchen", a placeholder
 * while it loads, the screen's empty text when the answer holds nothing, then the block itself.
 */
export function WhenLoaded<T>({
  query,
  fallback,
  height = 320,
  loading,
  isEmpty,
  emptyText,
  'data-testid': testId,
  children,
}: {
  query: UseQueryResult<T>;
  /** The screen's words for a failed load (when the server's answer has none). */
  fallback: string;
  /** The placeholder's height while loading (default 320). */
  height?: number;
  /** Another placeholder instead of the grey block. */
  loading?: ReactNode;
  /** Whether an answer holds nothing to show; then `emptyText` is shown. */
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  /** The placeholder's test id; the empty text gets `<id>-empty`. */
  'data-testid'?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) return <LoadError error={query.error} fallback={fallback} onRetry={() => void query.refetch()} />;
  if (query.data === undefined) return loading ?? <Skeleton height={height} radius="md" data-testid={testId} />;
  if (isEmpty?.(query.data))
    return (
      <Text c="dimmed" data-testid={testId ? `${testId}-empty` : undefined}>
        {emptyText}
      </Text>
    );
  return <>{children(query.data)}</>;
}
