import { Button, Card, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../lib/query-client';
import { telHref, useSiteInfo } from '../../lib/site-info';

function Hotline() {
  const { t } = useTranslation();
  const info = useSiteInfo();
  const number = info.data?.hotline;
  return (
    <Card
      withBorder
      padding="md"
      style={{ borderColor: 'var(--mantine-color-red-filled)' }}
      data-testid="emergency-hotline"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color="red" variant="light" size={40} radius="md">
          <IconPhone size={24} />
        </ThemeIcon>
        <Stack gap={6} align="flex-start">
          <Text fw={700}>{t('hotline.title')}</Text>
          <Text size="sm">{t('hotline.text')}</Text>
          {number ? (
            <Button
              component="a"
              href={telHref(number)}
              color="red.9"
              size="md"
              leftSection={<IconPhone size={18} />}
              aria-label={t('hotline.call', { number })}
            >
              {/* A phone number reads left to right in Arabic too. */}
              <span dir="ltr">{number}</span>
            </Button>
          ) : info.isError ? (
            <Text size="sm" c="red.9" role="alert">
              {t('hotline.unavailable')}
            </Text>
          ) : (
            <Loader size="sm" color="red" />
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * The emergency hotline from the server's configuration (GET /web/site-info). The public forms sit
 * outside the app's query layout, so the one query cache is provided here for this box.
 */
export function EmergencyHotline() {
  return (
    <QueryClientProvider client={queryClient}>
      <Hotline />
    </QueryClientProvider>
  );
}
