import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postTrackingUrl, rksvSetTrackingSchema, type RksvOrder } from '@portal/shared';
import { DateDisplay } from '../../components/date-display';
import { Ltr } from '../../components/ltr';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { useSetPickupReady } from './api/set-pickup-ready';
import { useSetTracking } from './api/set-tracking';
import { schemaFieldErrors } from './field-check';
import { useOneAtATime } from '../../lib/use-one-at-a-time';

/**
 * Ship with a tracking number (Austrian Post link) or mark ready for pickup, in stage created; then
 * what was done. The number is checked by the shared rule before it is sent and its refusal shown
 * at the field (`Sendungsnummer ungültig: erwartet z. B. …`), as is the server's. Each button is
 * busy while its request runs: a second click sends nothing. The buyer is mailed by the server.
 */
export function ShippingSection({ order }: { order: RksvOrder }) {
  const { t } = useTranslation();
  const [tracking, setTrackingText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [failed, setFailed] = useState<string | null>(null);
  const ship = useSetTracking();
  const pickup = useSetPickupReady();
  const sending = useOneAtATime();
  const onError = (e: unknown) => {
    const field = fieldErrorsOf(e).trackingNumber ?? fieldErrorsOf(e).orderId;
    if (field) setFieldError(field);
    else setFailed(errorMessage(e, t('rksvOrders.saveError')));
  };
  const done = () => notifications.show({ color: 'green', message: t('rksvOrders.shipping.saved') });

  const submitTracking = () => {
    setFailed(null);
    const body = { orderId: order.id, trackingNumber: tracking };
    const errors = schemaFieldErrors(rksvSetTrackingSchema, body);
    setFieldError(errors.trackingNumber);
    if (Object.keys(errors).length > 0) return;
    void sending.run(() => ship.mutateAsync(body).then(done, onError));
  };
  const markReady = () => {
    setFailed(null);
    void sending.run(() => pickup.mutateAsync({ orderId: order.id }).then(done, onError));
  };

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
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submitTracking();
          }}
        >
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label={t('rksvOrders.shipping.tracking')}
              description={t('rksvOrders.shipping.trackingHint')}
              value={tracking}
              onChange={(e) => {
                setTrackingText(e.currentTarget.value);
                setFieldError(undefined);
              }}
              error={fieldError}
              autoComplete="off"
              dir="ltr"
              w={{ base: '100%', sm: 320 }}
              data-testid="tracking-input"
            />
            <Button
              type="submit"
              mt={{ base: 0, sm: 44 }}
              disabled={tracking.trim() === ''}
              loading={sending.busy}
              data-testid="tracking-save"
            >
              {t('rksvOrders.shipping.ship')}
            </Button>
            {tracking.trim() !== '' && !fieldError && (
              <Anchor
                href={postTrackingUrl(tracking.replace(/\s+/g, ''))}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                mt={{ base: 0, sm: 52 }}
                data-testid="tracking-preview"
              >
                {t('rksvOrders.shipping.postLink')}
              </Anchor>
            )}
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t('rksvOrders.shipping.mailNote')}
          </Text>
        </form>
      ) : (
        <Stack gap={4}>
          <Group>
            <Button
              loading={sending.busy}
              onClick={markReady}
              data-testid="pickup-ready"
            >
              {t('rksvOrders.shipping.pickupReady')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('rksvOrders.shipping.pickupMailNote')}
          </Text>
        </Stack>
      )}
      {failed && (
        <Alert color="red" data-testid="shipping-error">
          {failed}
        </Alert>
      )}
    </Stack>
  );
}
