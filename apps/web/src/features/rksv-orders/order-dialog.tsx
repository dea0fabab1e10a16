import { Badge, Button, Divider, Group, Modal, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TermBadge } from './term-badge';
import { mayActivate, maySetSerials, type RksvOrder } from '@portal/shared';
import { DateDisplay } from '../../components/date-display';
import { Ltr, UserText } from '../../components/ltr';
import { Money } from '../../components/money';
import { errorMessage } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { useAssignAgent } from './api/assign-agent';
import type { RksvAgent } from './api/get-agents';
import { openInvoice } from './api/get-invoice';
import { ActivityList } from './activity-list';
import { AuditTrailList } from '../../components/audit-trail/audit-trail-list';
import { useRksvOrderAuditTrail } from './api/get-order-audit-trail';
import { CardLifeList } from './card-life-list';
import { CardActivation } from './card-activation';
import { paymentStatusColor, STAGE_COLORS } from './order-filters';
import { SerialsForm } from './serials-form';
import { ShippingSection } from './shipping-section';

/** The dialog of a paid order: data, serial numbers, shipping or pickup, activation per card, activity. */
export function OrderDialog({
  order,
  isAdmin,
  agents,
  onClose,
}: {
  order: RksvOrder;
  isAdmin: boolean;
  agents: RksvAgent[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [invoiceBusy, setInvoiceBusy] = useState(false);
  const assign = useAssignAgent();
  const trail = useRksvOrderAuditTrail(order.id);
  const cards = order.cards.map((c) => ({ cert_done: c.cert_done, activated_at: c.activated_at }));
  const stageInput = { ...order, cards };

  const invoice = async () => {
    if (!order.stripe_inv_id) return;
    setInvoiceBusy(true);
    try {
      await openInvoice(order.stripe_inv_id);
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(e, t('rksvOrders.invoiceError')) });
    } finally {
      setInvoiceBusy(false);
    }
  };

  const field = (label: string, value: React.ReactNode) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div>{value || '–'}</div>
    </div>
  );

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      closeButtonProps={{ 'aria-label': t('rksvOrders.dialog.close') }}
      title={
        <Group gap="xs">
          <Title order={2} size="h4">
            {t('rksvOrders.dialog.title', { id: order.id })}
          </Title>
          {order.stage && (
            <TermBadge
              color={STAGE_COLORS[order.stage]}
              termKey={`rksvOrders.stage.${order.stage}`}
              data-testid="dialog-stage"
              data-stage={order.stage}
            />
          )}
          {order.insolvent && (
            <Badge color="red" variant="light" data-testid="order-insolvent">
              {t('rksvOrders.dialog.insolvent')}
            </Badge>
          )}
        </Group>
      }
      data-testid="rksv-dialog"
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {field(t('rksvOrders.col.company'), <UserText size="sm">{order.companyname}</UserText>)}
          {field(t('rksvOrders.dialog.customer'), <UserText size="sm">{order.customername}</UserText>)}
          {field(t('rksvOrders.dialog.email'), <Ltr>{order.email}</Ltr>)}
          {field(
            t('rksvOrders.dialog.address'),
            <UserText size="sm">
              {order.address}, {order.zipcode} {order.city}
            </UserText>,
          )}
          {field(t('rksvOrders.dialog.vatnr'), <Ltr>{order.vatnr}</Ltr>)}
          {field(
            t('rksvOrders.col.status'),
            <TermBadge
              color={paymentStatusColor(order.payment_status)}
              termKey={`rksvOrders.payment.${order.payment_status}`}
              fallback={order.payment_status}
            />,
          )}
          {field(
            t('rksvOrders.col.kind'),
            order.delivery === 1 ? t('rksvOrders.kind.shipping') : t('rksvOrders.kind.pickup'),
          )}
          {field(t('rksvOrders.col.total'), <Money cents={order.total_amount} />)}
          {field(t('rksvOrders.col.paid'), order.payed_at ? <DateDisplay value={order.payed_at} time /> : '–')}
        </SimpleGrid>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconFileInvoice size={16} aria-hidden />}
            onClick={() => void invoice()}
            loading={invoiceBusy}
            disabled={!order.stripe_inv_id}
            data-testid="rksv-invoice"
          >
            {t('rksvOrders.dialog.invoice')}
          </Button>
          {isAdmin && (
            <Select
              aria-label={t('rksvOrders.dialog.assign')}
              placeholder={t('rksvOrders.dialog.assign')}
              data={agents.map((a) => ({ value: String(a.id), label: a.name }))}
              value={order.agent_id ? String(order.agent_id) : null}
              onChange={(v) =>
                v &&
                assign.mutate(
                  { orderId: order.id, agentId: Number(v) },
                  {
                    onSuccess: () => notifications.show({ color: 'green', message: t('rksvOrders.dialog.assigned') }),
                    onError: (e) =>
                      notifications.show({ color: 'red', message: errorMessage(e, t('rksvOrders.saveError')) }),
                  },
                )
              }
              searchable
              w={240}
              data-testid="rksv-assign-agent"
            />
          )}
        </Group>

        <Divider label={t('rksvOrders.serials.title')} labelPosition="left" />
        <SerialsForm order={order} editable={maySetSerials(order)} />

        <Divider label={t('rksvOrders.shipping.title')} labelPosition="left" />
        <ShippingSection order={order} />

        {mayActivate(stageInput) && (
          <>
            <Divider label={t('rksvOrders.activation.title')} labelPosition="left" />
            <Stack gap="sm">
              {order.cards.map((c, i) => (
                <CardActivation key={c.id} card={c} index={i + 1} />
              ))}
            </Stack>
          </>
        )}

        <Divider label={t('rksvOrders.cards.title')} labelPosition="left" />
        <CardLifeList cards={order.cards} />

        <Divider label={t('rksvOrders.activity.title')} labelPosition="left" />
        <ActivityList orderId={order.id} />

        <Divider label={t('kit.auditTrail.title')} labelPosition="left" />
        <AuditTrailList trail={trail} loadError={t('kit.auditTrail.loadError')} />
      </Stack>
    </Modal>
  );
}
