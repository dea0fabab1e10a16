import { Badge, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { daysBetween, viennaDay, type BusinessSignatureCard, type CardState } from '@portal/shared';
import { CARD_STATE_COLORS } from '../../components/card-state-colors';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DateDisplay } from '../../components/date-display';
import { isolateLtr, Ltr } from '../../components/ltr';
import { useBusinessCards } from './api/get-cards';
import { ScreenTitle } from './parts';

/** A card whose life goes on may be replaced; one already replaced (or not yet delivered) not. */
const REPLACEABLE: readonly CardState[] = [
  'delivered',
  'activated',
  'registered',
  'in_use',
  'outage',
  'expiring',
  'expired',
  'defective',
];

/**
 * "Signaturkarten" (issue 32): each signature card of the customer's orders with its state, its next
 * legal deadline (the day, the days left and what to do, in plain words) and "Ersatz bestellen", which
 * opens the shop with the card's order data.
 */
export default function CardsPage() {
  const { t } = useTranslation();
  const list = useBusinessCards();
  const today = viennaDay(new Date());
  const daysText = (due: string) => {
    const n = daysBetween(today, due);
    if (n === 0) return t('businessData.cards.due.today');
    if (n === 1) return t('businessData.cards.due.tomorrow');
    if (n > 1) return t('businessData.cards.due.inDays', { n });
    if (n === -1) return t('businessData.cards.due.overdueOne');
    return t('businessData.cards.due.overdue', { n: -n });
  };
  const columns: DataTableColumn<BusinessSignatureCard>[] = [
    {
      key: 'serial',
      header: t('businessData.cards.col.serial'),
      cell: (c) => (
        <Stack gap={2}>
          <Text size="sm">{c.serial_number ? <Ltr>{c.serial_number}</Ltr> : t('businessData.serialPending')}</Text>
          {c.replaces_serial && (
            <Text size="xs" c="dimmed" data-testid="card-replaces">
              {t('businessData.cards.replaces', { serial: isolateLtr(c.replaces_serial) })}
            </Text>
          )}
          {c.replaced_by_serial && (
            <Text size="xs" c="dimmed" data-testid="card-replaced-by">
              {t('businessData.cards.replacedBy', { serial: isolateLtr(c.replaced_by_serial) })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'type',
      header: t('businessData.cards.col.type'),
      cell: (c) => (c.card_type ? <Ltr>{c.card_type}</Ltr> : '–'),
    },
    {
      key: 'state',
      header: t('businessData.cards.col.state'),
      cell: (c) => (
        <Badge
          color={CARD_STATE_COLORS[c.state]}
          data-testid="card-state"
          data-state={c.state}
          styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal', overflow: 'visible' } }}
        >
          {t(`businessData.cards.state.${c.state}`)}
        </Badge>
      ),
    },
    {
      key: 'deadline',
      header: t('businessData.cards.col.deadline'),
      cell: (c) =>
        c.next_deadline ? (
          <Stack gap={2} data-testid="card-deadline" data-kind={c.next_deadline.kind} data-due={c.next_deadline.due}>
            <Text size="sm" fw={600}>
              {t(`businessData.cards.kind.${c.next_deadline.kind}`)}
            </Text>
            <Text size="sm">
              <DateDisplay value={c.next_deadline.due} />{' '}
              <Text span size="xs" c={c.next_deadline.due < today ? 'red.9' : 'dimmed'}>
                {daysText(c.next_deadline.due)}
              </Text>
            </Text>
            <Text size="xs" c="dimmed">
              {t(`businessData.cards.todo.${c.next_deadline.kind}`)}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('businessData.cards.noDeadline')}
          </Text>
        ),
    },
    {
      key: 'action',
      header: t('businessData.cards.col.action'),
      cell: (c) =>
        REPLACEABLE.includes(c.state) && !c.replaced_by_serial ? (
          <Button
            component={Link}
            to={`/rksv?replace=${c.id}`}
            size="xs"
            variant="light"
            data-testid="card-order-replacement"
          >
            {t('businessData.cards.orderReplacement')}
          </Button>
        ) : null,
    },
  ];
  const title = t('business.sections.cards');
  return (
    <Stack>
      <ScreenTitle>{title}</ScreenTitle>
      <DataTable
        columns={columns}
        rows={list.data?.cards}
        rowKey={(c) => c.id}
        caption={title}
        emptyText={t('businessData.cards.empty')}
        loading={list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        data-testid="business-cards"
      />
    </Stack>
  );
}
