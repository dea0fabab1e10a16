import { Badge, Card, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingStore,
  IconCertificate,
  IconFileExport,
  IconHeadset,
  IconPlugConnected,
  IconToolsKitchen2,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface ServiceCard {
  key: string;
  to?: string;
  icon: ComponentType<{ size?: number }>;
  color: string;
}

/** The offers of the landing page (spec: six cards) — the business welcome page adds the RKSV pre-order. */
export const LANDING_CARDS: ServiceCard[] = [
  { key: 'dep', to: '/financeexport', icon: IconFileExport, color: 'blue' },
  { key: 'menu', to: '/menu', icon: IconToolsKitchen2, color: 'grape' },
  { key: 'switch', to: '/switch-company', icon: IconBuildingStore, color: 'teal' },
  { key: 'integration', to: '/integration', icon: IconPlugConnected, color: 'gray' },
  { key: 'support', to: '/support', icon: IconHeadset, color: 'indigo' },
  { key: 'emergency', to: '/emergency', icon: IconAlertTriangle, color: 'red' },
];

export const BUSINESS_CARDS: ServiceCard[] = [
  { key: 'rksv', to: '/rksv', icon: IconCertificate, color: 'orange' },
  { key: 'dep', to: '/financeexport', icon: IconFileExport, color: 'blue' },
  { key: 'menu', to: '/menuechange', icon: IconToolsKitchen2, color: 'grape' },
  { key: 'switch', to: '/companychange', icon: IconBuildingStore, color: 'teal' },
  { key: 'support', to: '/classic-support', icon: IconHeadset, color: 'indigo' },
  { key: 'emergency', to: '/emergency-support', icon: IconAlertTriangle, color: 'red' },
  { key: 'integration', icon: IconPlugConnected, color: 'gray' },
];

/** Integration is not orderable yet: its card says so instead of linking. */
export function ServiceCards({ cards }: { cards: ServiceCard[] }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {cards.map(({ key, to, icon: Icon, color }) => {
        const unavailable = key === 'integration';
        const body = (
          <>
            <ThemeIcon size={44} radius="md" color={color} variant="light" mb="sm">
              <Icon size={26} />
            </ThemeIcon>
            <Text fw={700} size="lg">
              {t(`services.${key}.title`)}
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              {t(`services.${key}.text`)}
            </Text>
            {unavailable && (
              <Badge
                mt="sm"
                color="gray"
                variant="light"
                maw="100%"
                h="auto"
                py={4}
                // The sentence wraps on a phone instead of being cut off (a badge keeps one line).
                styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
                data-testid="integration-unavailable"
              >
                {t('common.featureUnavailable')}
              </Badge>
            )}
          </>
        );
        const props = { withBorder: true, padding: 'lg', radius: 'md', 'data-testid': `card-${key}` } as const;
        return to && !unavailable ? (
          <Card key={key} {...props} component={Link} to={to} style={{ textDecoration: 'none' }}>
            {body}
          </Card>
        ) : to ? (
          <Card key={key} {...props} component={Link} to={to} style={{ textDecoration: 'none' }}>
            {body}
          </Card>
        ) : (
          <Card key={key} {...props} aria-disabled>
            {body}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
