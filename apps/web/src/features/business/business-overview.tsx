import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-context';
import { BUSINESS_CARDS, ServiceCards } from '../../components/service-cards';

/** The welcome page of the business dashboard: the service cards of the spec. */
export default function BusinessOverview() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('business.welcome', { name: user?.name ?? '' })}
      </Title>
      <Text c="dimmed">{t('business.intro')}</Text>
      <ServiceCards cards={BUSINESS_CARDS} />
    </Stack>
  );
}
