import { Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A list or a panel while it loads: grey lines in the shape of what comes (issue 30: never a bare
 * spinner), announced once to screen readers. DataTable has the same built in for tables.
 */
export function ListSkeleton({ rows = 3, withThumbnail = false }: { rows?: number; withThumbnail?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-label={t('kit.loading')} aria-busy data-testid="list-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <Group key={i} gap="sm" wrap="nowrap">
          {withThumbnail && <Skeleton height={40} width={64} radius="sm" />}
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={10} width={`${70 - i * 10}%`} radius="sm" />
            <Skeleton height={8} width="40%" radius="sm" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
