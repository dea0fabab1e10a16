import { Alert, Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-context';
import { errorMessage } from '../../lib/errors';
import { Bidi, Ltr } from '../../components/ltr';
import { DateDisplay } from '../../components/date-display';
import { BUSINESS_CARDS, ServiceCards } from '../../components/service-cards';
import { TimelineList } from '../../components/timeline/timeline-list';
import { useBusinessOverview } from './api/get-overview';
import { useBusinessTimeline } from './api/get-timeline';
import { OwnExport } from './own-export';
import { StageBadge, SupportStatusBadge } from './parts';

const COUNTS = [
  { key: 'openTasks', to: '/business-dashboard/support' },
  { key: 'openOrders', to: '/business-dashboard/orders' },
  { key: 'inDelivery', to: '/business-dashboard/deliveries' },
  { key: 'devices', to: '/business-dashboard/screens' },
  { key: 'unreadNews', to: '/business-dashboard/news' },
] as const;

/** The welcome page: who is signed in for which company, what is open, the newest items, the service cards of the spec. */
export default function BusinessOverview() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const overview = useBusinessOverview();
  const data = overview.data;
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('business.welcome', { name: user?.name ?? '' })}
      </Title>
      {data && (
        <Text c="dimmed" data-testid="overview-customer">
          <Bidi>{data.customer.firma}</Bidi> · {t('businessData.customerNumber')}{' '}
          <Ltr>{data.customer.kundennummer}</Ltr>
        </Text>
      )}
      {overview.isError && <Alert color="red">{errorMessage(overview.error, t('businessData.loadError'))}</Alert>}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {COUNTS.map(({ key, to }) => (
          <Card key={key} withBorder padding="sm" component={Link} to={to} data-testid={`count-${key}`}>
            <Text size="xs" c="dimmed">
              {t(`businessData.counts.${key}`)}
            </Text>
            {data ? (
              <Text fw={700} size="xl">
                {data.counts[key]}
              </Text>
            ) : (
              <Skeleton h={28} mt={4} />
            )}
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder>
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h4">
              {t('businessData.latestOrders')}
            </Title>
            <Anchor component={Link} to="/business-dashboard/orders" size="sm">
              {t('businessData.all')}
            </Anchor>
          </Group>
          {data && data.latest.orders.length === 0 && <Text c="dimmed">{t('business.empty.orders')}</Text>}
          <Stack gap="xs">
            {data?.latest.orders.map((o) => (
              <Group key={o.id} justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={`/business-dashboard/orders/${o.id}`}>
                  {t('businessData.orderNo', { id: o.id })}
                </Anchor>
                <Text size="sm" c="dimmed">
                  <DateDisplay value={o.saved_at} />
                </Text>
                <StageBadge order={o} />
              </Group>
            ))}
          </Stack>
        </Card>
        <Card withBorder>
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h4">
              {t('businessData.latestSupport')}
            </Title>
            <Anchor component={Link} to="/business-dashboard/support" size="sm">
              {t('businessData.all')}
            </Anchor>
          </Group>
          {data && data.latest.tasks.length === 0 && <Text c="dimmed">{t('businessData.emptySupport')}</Text>}
          <Stack gap="xs">
            {data?.latest.tasks.map((task) => (
              <Group key={task.id} justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={`/business-dashboard/support/${task.id}`} lineClamp={1}>
                  <Bidi>{task.titel}</Bidi>
                </Anchor>
                <SupportStatusBadge status={task.status} />
              </Group>
            ))}
          </Stack>
        </Card>
      </SimpleGrid>
      {data && data.latest.news.length > 0 && (
        <Card withBorder>
          <Title order={2} size="h4" mb="xs">
            {t('businessData.latestNews')}
          </Title>
          <Stack gap="xs">
            {data.latest.news.map((n) => (
              <Group key={n.id} justify="space-between" wrap="nowrap">
                <Anchor component={Link} to="/business-dashboard/news" fw={n.read ? 400 : 700}>
                  <Bidi>{n.title}</Bidi>
                </Anchor>
                <Text size="sm" c="dimmed">
                  <DateDisplay value={n.published_at} />
                </Text>
              </Group>
            ))}
          </Stack>
        </Card>
      )}
      <OwnTimeline />
      <OwnExport />
      <Title order={2} size="h4">
        {t('businessData.services')}
      </Title>
      <Text c="dimmed">{t('business.intro')}</Text>
      <ServiceCards cards={BUSINESS_CARDS} />
    </Stack>
  );
}

/** What concerns the customer, newest first (issue 34): their requests, orders, cards, screens, invoices, documents. */
function OwnTimeline() {
  const { t } = useTranslation();
  const timeline = useBusinessTimeline();
  return (
    <Card withBorder component="section" aria-labelledby="own-timeline-title" data-testid="business-timeline">
      <Title order={2} size="h4" id="own-timeline-title">
        {t('businessData.timeline.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('businessData.timeline.intro')}
      </Text>
      <Stack gap="xs">
        <TimelineList
          timeline={timeline}
          texts={{
            sentenceKey: (item) => `businessData.timeline.entry.${item.kind}`,
            empty: t('businessData.timeline.empty'),
            loadError: t('businessData.timeline.loadError'),
          }}
        />
      </Stack>
    </Card>
  );
}
