import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function AuthLoading() {
  const { t } = useTranslation();
  return (
    <Center h="100vh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text>{t('auth.loading')}</Text>
      </Stack>
    </Center>
  );
}

/** A screen's place while its code loads, inside a layout that is already shown. */
export function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t('auth.loading')} />
    </Center>
  );
}
