import { Alert, Stack, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { NavEntry } from './nav';

/** rksvexternal: the spec gives it one explanatory sentence (rksvactivations is the cards' deadline list, rksvexports the campaigns, issue 32). */
export default function RksvInfoPage({ entry }: { entry?: NavEntry }) {
  const { t } = useTranslation();
  if (!entry) return null;
  return (
    <Stack>
      <Title order={1} size="h2">
        {t(`nav.${entry.label}`)}
      </Title>
      <Alert icon={<IconInfoCircle size={18} />} color="blue" data-testid="rksv-info">
        {t(`rksvInfo.${entry.path}`)}
      </Alert>
    </Stack>
  );
}
