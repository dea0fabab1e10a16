import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicShell } from '../../components/public-shell';

/**
 * /integration: the landing card links here although ordering integrations is not possible yet.
 * Decision: say so plainly and point to the support form, which reaches the same team.
 */
export default function IntegrationPage() {
  const { t } = useTranslation();
  return (
    <PublicShell size="sm">
      <Stack>
        <Title order={1}>{t('services.integration.title')}</Title>
        <Alert icon={<IconPlugConnected size={18} />} color="gray" data-testid="integration-unavailable">
          {t('common.featureUnavailable')}
        </Alert>
        <Text>{t('integration.text')}</Text>
        <Anchor component={Link} to="/classic-support">
          {t('integration.toSupport')}
        </Anchor>
        <Anchor component={Link} to="/">
          {t('common.backHome')}
        </Anchor>
      </Stack>
    </PublicShell>
  );
}
