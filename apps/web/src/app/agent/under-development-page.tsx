import { Alert, Stack, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { NavEntry } from './nav';

/** The spec's placeholder pages ("under development"): conversations, doc-base, RMA, goods receipt, work confirmation, reorder. */
export default function UnderDevelopmentPage({ entry }: { entry?: NavEntry }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} size="h2">
        {entry ? t(`nav.${entry.label}`) : ''}
      </Title>
      <Alert icon={<IconTools size={18} />} color="yellow" data-testid="under-development">
        {t('common.underDevelopment')}
      </Alert>
    </Stack>
  );
}
