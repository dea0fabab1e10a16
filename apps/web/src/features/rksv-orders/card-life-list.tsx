import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RksvCard } from '@portal/shared';
import { CARD_STATE_COLORS } from '../../components/card-state-colors';
import { DateDisplay } from '../../components/date-display';
import { Ltr } from '../../components/ltr';
import { TermBadge } from './term-badge';

/**
 * Each card of the order with its state and next legal deadline (issue 32), and the way to its own
 * dialog on the deadline list, where its life after the order is kept.
 */
export function CardLifeList({ cards }: { cards: RksvCard[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="order-card-lives">
      {cards.map((c, i) => (
        <Paper key={c.id} withBorder p="xs" data-testid="order-card-life" data-card={c.id}>
          <Group gap="sm" justify="space-between" wrap="wrap">
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {t('rksvOrders.serials.card', { n: i + 1 })}
              </Text>
              {c.serial_number && <Ltr>{c.serial_number}</Ltr>}
              <TermBadge
                color={CARD_STATE_COLORS[c.state]}
                          termKey={`rksvOrders.cardState.${c.state}`}
                data-testid="order-card-state"
                data-stage={c.state}
              />
              {c.next_deadline ? (
                <Text size="sm" data-testid="order-card-deadline" data-kind={c.next_deadline.kind} data-due={c.next_deadline.due}>
                  {t('rksvOrders.cards.nextDeadline', { kind: t(`rksvOrders.cardDeadline.${c.next_deadline.kind}`) })}{' '}
                  <DateDisplay value={c.next_deadline.due} />
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('rksvOrders.cards.noDeadline')}
                </Text>
              )}
            </Group>
            <Anchor
              component={Link}
              to={`/agent-dashboard/rksvactivations?card=${c.id}`}
              size="sm"
              data-testid="order-card-open"
            >
              <Group gap={4} component="span" wrap="nowrap">
                {t('rksvOrders.cards.open')}
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
