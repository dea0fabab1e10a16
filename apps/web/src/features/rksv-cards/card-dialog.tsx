import { Alert, Button, Divider, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { viennaDay, type RksvCardLife } from '@portal/shared';
import { DateDisplay } from '../../components/date-display';
import { ListSkeleton } from '../../components/list-skeleton';
import { LoadError } from '../../components/load-error';
import { isolateLtr, Ltr, UserText } from '../../components/ltr';
import { useRksvCard } from './api/get-card';
import { CardDetailsForm } from './card-details-form';
import { CardHistory } from './card-history';
import { CardOutages } from './card-outages';
import { CardStateBadge } from './card-state-badge';
import { CardTransitions } from './card-transitions';
import { DeadlineDue } from './deadline-due';
import { kindKey } from './deadline-filters';
import { JahresbelegForm } from './jahresbeleg-form';
import { DEADLINES_ID } from './card-forms';

/**
 * One signature card's life (issue 32): its state and every open deadline, the moves open to it, the
 * Jahresbeleg, its outages, its type and certificate end, and its history. Every change answers the
 * card anew and refreshes the list; a refusal is said at its field, anything else (a 409 naming both
 * states) in the dialog's alert. On a phone it takes the whole screen.
 */
export function CardDialog({ cardId, isAdmin, onClose }: { cardId: number; isAdmin: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const card = useRksvCard(cardId);
  const life = card.data;
  const title = life?.card.serial_number
    ? t('rksvCards.dialog.title', { serial: isolateLtr(life.card.serial_number) })
    : t('rksvCards.dialog.titleId', { id: cardId });
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('rksvCards.dialog.close') }}
      title={
        <Group gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          {life && <CardStateBadge state={life.state} data-testid="dialog-state" />}
        </Group>
      }
      data-testid="card-dialog"
    >
      {card.isError ? (
        <LoadError error={card.error} fallback={t('rksvCards.dialog.loadError')} onRetry={() => void card.refetch()} />
      ) : !life ? (
        <ListSkeleton rows={4} />
      ) : (
        <CardBody life={life} isAdmin={isAdmin} />
      )}
    </Modal>
  );
}

function CardBody({ life, isAdmin }: { life: RksvCardLife; isAdmin: boolean }) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const today = viennaDay(new Date());
  const { card, order } = life;
  const activated = card.activated_at !== null;
  // A card whose life goes on may be replaced; one replaced, deregistered or not yet delivered not.
  const replaceable =
    card.replaced_by_card_id === null && !['ordered', 'serial_entered', 'replaced', 'deregistered'].includes(life.state);

  const field = (label: string, value: ReactNode, testId?: string) => (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div>{value ?? '–'}</div>
    </div>
  );
  const date = (v: string | null, time = false) => (v ? <DateDisplay value={v} time={time} /> : null);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
        {field(
          t('rksvCards.col.company'),
          <>
            <UserText size="sm">{order.companyname}</UserText>
            <Text size="xs" c="dimmed">
              <Ltr>{t('rksvCards.orderNo', { id: order.id })}</Ltr>
            </Text>
          </>,
        )}
        {isAdmin && field(t('rksvCards.col.agent'), order.agent_name ? <UserText size="sm">{order.agent_name}</UserText> : null)}
        {field(t('rksvCards.col.serial'), card.serial_number ? <Ltr>{card.serial_number}</Ltr> : null)}
        {field(t('rksvCards.dialog.kassenid'), card.kassenid ? <Ltr>{card.kassenid}</Ltr> : null)}
        {field(t('rksvCards.col.type'), card.card_type ? <Ltr>{card.card_type}</Ltr> : null)}
        {field(t('rksvCards.dialog.activatedAt'), date(card.activated_at, true))}
        {field(t('rksvCards.dialog.registeredAt'), date(card.registered_at, true), 'registered-at')}
        {field(t('rksvCards.dialog.startbelegAt'), date(card.startbeleg_checked_at, true), 'startbeleg-at')}
        {field(t('rksvCards.details.validUntil'), date(card.valid_until))}
      </SimpleGrid>

      {/* "Ersatz bestellen" (issue 32): the shop with the card's order data; the replacement order's first
          activated card links back here. Deregistering this card stays the last step (its transition). */}
      {(card.replaces_card_id !== null || card.replaced_by_card_id !== null || replaceable) && (
        <Group gap="md" justify="space-between">
          <Stack gap={2}>
            {card.replaces_card_id !== null && (
              <Text size="sm" data-testid="card-replaces">
                {t('rksvCards.dialog.replaces', { serial: isolateLtr(card.replaces_serial ?? `#${card.replaces_card_id}`) })}
              </Text>
            )}
            {card.replaced_by_card_id !== null && (
              <Text size="sm" data-testid="card-replaced-by">
                {t('rksvCards.dialog.replacedBy', {
                  serial: isolateLtr(card.replaced_by_serial ?? `#${card.replaced_by_card_id}`),
                })}
              </Text>
            )}
          </Stack>
          {replaceable && (
            <Button component={Link} to={`/rksv?replace=${card.id}`} variant="light" size="xs" data-testid="card-order-replacement">
              {t('rksvCards.dialog.orderReplacement')}
            </Button>
          )}
        </Group>
      )}

      <Divider label={<span id={`${DEADLINES_ID}-label`}>{t('rksvCards.dialog.deadlines')}</span>} labelPosition="left" />
      {/* The focus comes here after a change: the deadlines it moved are read out and in view. */}
      <div id={DEADLINES_ID} tabIndex={-1} role="group" aria-labelledby={`${DEADLINES_ID}-label`} style={{ outline: 'none' }}>
        {life.deadlines.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="card-deadlines-none">
            {t('rksvOrders.cards.noDeadline')}
          </Text>
        ) : (
          <Stack gap={4} data-testid="card-deadlines">
            {life.deadlines.map((d, i) => (
              <Group
                key={`${d.kind}-${d.due}`}
                gap="xs"
                data-testid={i === 0 ? 'card-next-deadline' : 'card-deadline'}
                data-kind={d.kind}
                data-due={d.due}
              >
                <Text size="sm" fw={i === 0 ? 700 : undefined} miw={160}>
                  {t(kindKey(d.kind))}
                </Text>
                <DeadlineDue due={d.due} today={today} inline />
              </Group>
            ))}
          </Stack>
        )}
      </div>

      {alert && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setAlert(null)} closeButtonLabel={t('rksvCards.dialog.dismiss')} data-testid="card-alert">
          {alert}
        </Alert>
      )}

      {life.transitions.length > 0 && (
        <>
          <Divider label={t('rksvCards.dialog.transitions')} labelPosition="left" />
          <CardTransitions life={life} onAlert={setAlert} />
        </>
      )}

      {activated && (
        <>
          <Divider label={t('rksvCards.jahresbeleg.title')} labelPosition="left" />
          {/* Keyed by what was checked: the form offers the next open year after a save. */}
          <JahresbelegForm key={life.jahresbelege.map((j) => j.year).join()} life={life} onAlert={setAlert} />

          <Divider label={t('rksvOrders.outages.title')} labelPosition="left" />
          <CardOutages life={life} onAlert={setAlert} />

          <Divider label={t('rksvCards.details.title')} labelPosition="left" />
          <CardDetailsForm key={`${card.card_type}|${card.valid_until}`} life={life} onAlert={setAlert} />
        </>
      )}

      <Divider label={t('rksvOrders.activity.title')} labelPosition="left" />
      <CardHistory history={life.history} />
    </Stack>
  );
}
