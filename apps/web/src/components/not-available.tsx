import { Alert, Stack, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * For screens the spec lists without describing them (and screens of areas not built yet):
 * an honest notice with the spec's own wording, never invented content.
 */
export function NotAvailable({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert icon={<IconInfoCircle size={18} />} color="gray" data-testid="not-available">
        {t('common.featureUnavailable')}
      </Alert>
    </Stack>
  );
}
