import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postTrackingUrl, type RksvOrder } from '@portal/shared';
import { DateDisplay } from '../../components/date-display';
import { Ltr } from '../../components/ltr';
import { errorMessage } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { useSetPickupReady } from './api/set-pickup-ready';
import { useSetTracking } from './api/set-tracking';

/** Ship with a tracking number (Austrian Post link) or mark ready for pickup, in stage created; then what was done. */
export function ShippingSection({ order }: { order: RksvOrder }) {
  const { t } = useTranslation();
  const [tracking, setTrackingText] = useState('');
  const [failed, setFailed] = useState<string | null>(null);
  const ship = useSetTracking();
  const pickup = useSetPickupReady();
  const onError = (e: unknown) => setFailed(errorMessage(e, t('rksvOrders.saveError')));
  const done = () => notifications.show({ color: 'green', message: t('rksvOrders.shipping.saved') });

  if (order.shipped_at) {
    return (
      <Stack gap={4} data-testid="shipping-done">
        <Text size="sm">
          {order.delivery === 1 ? t('rksvOrders.shipping.shippedOn') : t('rksvOrders.shipping.readyOn')}{' '}
          <DateDisplay value={order.shipped_at} time />
        </Text>
        {order.tracking_number && (
          <Text size="sm">
            {t('rksvOrders.shipping.tracking')}:{' '}
            <Anchor href={postTrackingUrl(order.tracking_number)} target="_blank" rel="noopener noreferrer" data-testid="tracking-link">
              <Ltr>{order.tracking_number}</Ltr>
            </Anchor>
          </Text>
        )}
      </Stack>
    );
  }
  if (order.stage !== 'created') {
    return (
      <Text size="sm" c="dimmed">
        {t('rksvOrders.shipping.afterSerials')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {order.delivery === 1 ? (
        <Group align="flex-end">
          <TextInput
            label={t('rksvOrders.shipping.tracking')}
            value={tracking}
            onChange={(e) => setTrackingText(e.currentTarget.value)}
            dir="ltr"
            w={260}
            data-testid="tracking-input"
          />
          <Button
            disabled={tracking.trim() === ''}
            loading={ship.isPending}
            onClick={() => ship.mutate({ orderId: order.id, trackingNumber: tracking.trim() }, { onSuccess: done, onError })}
            data-testid="tracking-save"
          >
            {t('rksvOrders.shipping.ship')}
          </Button>
          {tracking.trim() !== '' && (
            <Anchor href={postTrackingUrl(tracking)} target="_blank" rel="noopener noreferrer" size="sm" data-testid="tracking-preview">
              {t('rksvOrders.shipping.postLink')}
            </Anchor>
          )}
        </Group>
      ) : (
        <Group>
          <Button
            loading={pickup.isPending}
            onClick={() => pickup.mutate({ orderId: order.id }, { onSuccess: done, onError })}
            data-testid="pickup-ready"
          >
            {t('rksvOrders.shipping.pickupReady')}
          </Button>
        </Group>
      )}
      {failed && (
        <Alert color="red" data-testid="shipping-error">
          {failed}
        </Alert>
      )}
    </Stack>
  );
}
