import { Anchor, Badge, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  postTrackingUrl,
  type BusinessOrder,
  type BusinessSupportStatus,
  type EffectiveStatus,
  type RksvStage,
} from '@portal/shared';
import { Ltr } from '../../components/ltr';

/** The heading of a dashboard screen. */
export function ScreenTitle({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        {children}
      </Title>
      {action}
    </Stack>
  );
}

/** "Keine … gefunden" as a card, for screens that are not a table. */
export function EmptyCard({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Card withBorder padding="xl" data-testid="business-empty">
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" color="gray">
          <IconInbox size={26} aria-hidden />
        </ThemeIcon>
        <Text fw={600}>{text}</Text>
        {children}
      </Stack>
    </Card>
  );
}

/** A status word is shown whole, also in a narrow table cell on a phone. */
const NO_TRUNCATE = { minWidth: 'max-content' } as const;

const STAGE_COLOURS: Record<RksvStage, string> = {
  open: 'cyan',
  created: 'blue',
  delivery: 'indigo',
  pickup: 'grape',
  completed: 'green',
};

/** The order's stage in the reader's language (Zustellung, Abholung, …); unpaid orders show their payment. */
export function StageBadge({ order }: { order: Pick<BusinessOrder, 'stage' | 'payment_status'> }) {
  const { t } = useTranslation();
  if (!order.stage)
    return (
      <Badge color="gray" style={NO_TRUNCATE} data-testid="order-stage">
        {t(`businessData.payment.${order.payment_status}`, { defaultValue: order.payment_status })}
      </Badge>
    );
  return (
    <Badge color={STAGE_COLOURS[order.stage]} style={NO_TRUNCATE} data-testid="order-stage">
      {t(`businessData.stage.${order.stage}`)}
    </Badge>
  );
}

/** The tracking number as a link to Austrian Post's page, or the pickup note, or nothing yet. */
export function TrackingInfo({
  order,
}: {
  order: Pick<BusinessOrder, 'tracking_number' | 'tracking_url' | 'pickup_note'>;
}) {
  const { t } = useTranslation();
  if (order.tracking_url && order.tracking_number)
    return (
      <Anchor
        href={postTrackingUrl(order.tracking_number)}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="tracking-link"
      >
        <Ltr>{order.tracking_number}</Ltr>
      </Anchor>
    );
  if (order.pickup_note) return <Text size="sm">{t('businessData.pickupNote')}</Text>;
  return (
    <Text size="sm" c="dimmed">
      {t('businessData.notShipped')}
    </Text>
  );
}

const SUPPORT_COLOURS: Record<BusinessSupportStatus, string> = {
  'In Bearbeitung': 'blue',
  Erledigt: 'green',
  Abgeschlossen: 'gray',
};
const SUPPORT_KEYS: Record<BusinessSupportStatus, string> = {
  'In Bearbeitung': 'inProgress',
  Erledigt: 'done',
  Abgeschlossen: 'closed',
};

export function SupportStatusBadge({ status }: { status: BusinessSupportStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={SUPPORT_COLOURS[status]} style={NO_TRUNCATE} data-testid="support-status">
      {t(`businessData.supportStatus.${SUPPORT_KEYS[status]}`)}
    </Badge>
  );
}

const DEVICE_COLOURS: Record<EffectiveStatus, string> = {
  active: 'green',
  pending: 'yellow',
  locked: 'red',
  expired: 'gray',
};

export function DeviceStatusBadge({ status }: { status: EffectiveStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={DEVICE_COLOURS[status]} style={NO_TRUNCATE}>
      {t(`businessData.deviceStatus.${status}`)}
    </Badge>
  );
}

