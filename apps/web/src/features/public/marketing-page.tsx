import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EMERGENCY_PRICE_CENTS_PER_HOUR, formatMoney } from '@portal/shared';
import { PublicShell } from '../../components/public-shell';
import { LANDING_CARDS, ServiceCards } from '../../components/service-cards';
import { OpeningHours } from '../../components/opening-hours';

/** /marketing: what the provider offers, with hours and the emergency price. */
export default function MarketingPage() {
  const { t } = useTranslation();
  return (
    <PublicShell size="lg">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>{t('marketing.title')}</Title>
          <Text size="lg" c="dimmed">
            {t('marketing.subtitle')}
          </Text>
        </Stack>
        <ServiceCards cards={LANDING_CARDS} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Card withBorder padding="lg">
            <Title order={2} size="h3" mb="sm">
              {t('marketing.hoursTitle')}
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              {t('marketing.hoursText')}
            </Text>
            <OpeningHours />
          </Card>
          <Card withBorder padding="lg" data-testid="emergency-price">
            <Title order={2} size="h3" mb="sm">
              {t('marketing.emergencyTitle')}
            </Title>
            <Text>{t('marketing.emergencyText', { price: formatMoney(EMERGENCY_PRICE_CENTS_PER_HOUR) })}</Text>
            <Group mt="md">
              <Button component={Link} to="/emergency-support" color="red">
                {t('services.emergency.title')}
              </Button>
            </Group>
          </Card>
        </SimpleGrid>
        <Card withBorder padding="lg">
          <Title order={2} size="h3" mb="sm">
            {t('services.rksv.title')}
          </Title>
          <Text mb="md">{t('marketing.rksvText')}</Text>
          <Button component={Link} to="/rksv" variant="light">
            {t('marketing.rksvCta')}
          </Button>
        </Card>
      </Stack>
    </PublicShell>
  );
}
