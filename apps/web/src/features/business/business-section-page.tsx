import { Anchor, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BUSINESS_SECTIONS, type BusinessSection } from './sections';
import { BUSINESS_CARDS, ServiceCards } from '../../components/service-cards';
import { OpeningHours } from '../../components/opening-hours';

/** Where an empty section points the customer instead. */
const NEXT_STEP: Partial<Record<BusinessSection, { to: string; key: string }>> = {
  orders: { to: '/rksv', key: 'business.empty.ordersCta' },
  invoices: { to: '/rksv', key: 'business.empty.ordersCta' },
  deliveries: { to: '/rksv', key: 'business.empty.ordersCta' },
  documents: { to: '/financeexport', key: 'business.empty.documentsCta' },
};

/**
 * The business sections other than overview and profile. Their records arrive with later areas
 * (RKSV orders, invoices, …): until then each says honestly that there is nothing yet.
 */
export default function BusinessSectionPage(props: { section?: BusinessSection }) {
  const { t } = useTranslation();
  const params = useParams();
  const section = props.section ?? params.section;
  if (!(BUSINESS_SECTIONS as readonly string[]).includes(section ?? ''))
    return <Navigate to="/business-dashboard/overview" replace />;
  const s = section as BusinessSection;
  if (s === 'support') {
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('business.sections.support')}
        </Title>
        <ServiceCards cards={BUSINESS_CARDS.filter((c) => c.key === 'support' || c.key === 'emergency')} />
        <Card withBorder maw={420}>
          <Text fw={600} mb="xs">
            {t('marketing.hoursTitle')}
          </Text>
          <OpeningHours />
        </Card>
      </Stack>
    );
  }
  const next = NEXT_STEP[s];
  return (
    <Stack>
      <Title order={1} size="h2">
        {t(`business.sections.${s}`)}
      </Title>
      <Card withBorder padding="xl" data-testid="business-empty">
        <Stack align="center" gap="xs">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconInbox size={26} />
          </ThemeIcon>
          <Text fw={600}>{s === 'integrations' ? t('common.featureUnavailable') : t(`business.empty.${s}`)}</Text>
          {next && (
            <Anchor component={Link} to={next.to}>
              {t(next.key)}
            </Anchor>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
