import { Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, supportStatus } from '@portal/shared';
import { PublicShell } from '../../components/public-shell';
import { OpeningHours } from '../../components/opening-hours';

async function fetchReady(): Promise<boolean> {
  try {
    const res = await fetch('/readyz', { cache: 'no-store' });
    return res.ok;
  } catch {
    return false;
  }
}

/** /status: whether the portal answers (from /readyz) and whether regular support is open now. */
export default function StatusPage() {
  const { t } = useTranslation();
  const ready = useQuery({ queryKey: ['readyz'], queryFn: fetchReady, refetchInterval: 30_000, staleTime: 0 });
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(id);
  }, []);
  const support = supportStatus(now);
  return (
    <PublicShell size="sm">
      <Stack>
        <Title order={1}>{t('status.title')}</Title>
        <Card withBorder padding="lg">
          <Group justify="space-between">
            <Text fw={600}>{t('status.portal')}</Text>
            {ready.isPending ? (
              <Loader size="sm" />
            ) : (
              <Badge color={ready.data ? 'green' : 'red'} size="lg" data-testid="status-portal">
                {ready.data ? t('status.operational') : t('status.down')}
              </Badge>
            )}
          </Group>
        </Card>
        <Card withBorder padding="lg">
          <Group justify="space-between" mb="sm">
            <Text fw={600}>{t('status.support')}</Text>
            <Badge color={support.open ? 'teal.9' : 'gray.7'} size="lg" data-testid="status-support">
              {support.open ? t('status.open') : t('status.closed')}
            </Badge>
          </Group>
          {support.holiday && (
            <Text size="sm" mb="xs">
              {t('status.holiday', { name: t(`holidays.${support.holiday.key}`) })}
            </Text>
          )}
          <OpeningHours />
          <Text size="sm" c="dimmed" mt="xs">
            {t('status.emergencyAlways')}
          </Text>
        </Card>
        <Text size="xs" c="dimmed">
          {t('status.checkedAt', { time: formatDateTime(now) })}
        </Text>
      </Stack>
    </PublicShell>
  );
}
