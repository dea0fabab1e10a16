import { Anchor, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../components/language-menu';
import { LoginButton } from '../../components/login-button';
import { PublicFooter } from '../../components/public-footer';
import { LANDING_CARDS, ServiceCards } from '../../components/service-cards';

export default function LandingPage() {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-light)">
      <Container size="lg" py="md">
        <Group justify="space-between" mb="xl" wrap="nowrap">
          <Text fw={800} size="lg" style={{ whiteSpace: 'nowrap' }}>
            {t('app.name')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <LanguageMenu languages={['de', 'en', 'fr']} />
            <LoginButton testId="landing-login" />
          </Group>
        </Group>
        <Stack gap="xs" mb="xl">
          <Title order={1}>{t('landing.title')}</Title>
          <Text size="lg" c="dimmed">
            {t('landing.subtitle')}
          </Text>
        </Stack>
        <ServiceCards cards={LANDING_CARDS} />
        <Group justify="center" mt="xl" gap="lg">
          <Anchor component={Link} to="/marketing">
            {t('landing.marketing')}
          </Anchor>
          <Anchor component={Link} to="/status">
            {t('landing.status')}
          </Anchor>
          <Anchor component={Link} to="/rksv">
            {t('services.rksv.title')}
          </Anchor>
        </Group>
        <PublicFooter />
      </Container>
    </Box>
  );
}
