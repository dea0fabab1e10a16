import { ActionIcon, Box, Card, Group, NumberInput, Radio, Stack, Text, Title } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RKSV_MAX_QUANTITY, type DeliveryMethod } from '@portal/shared';
import { Money } from '../../../components/money';
import { AfterHydration } from '../../../lib/hydration';
import { BELOW_THE_FOLD, PICKUP, type OrderField, type OrderForm, type OrderProduct } from './order-form';

/** How many units (with - and + for thumbs) and pickup or shipping with its price. */
export function QuantityDeliverySection({
  form,
  field,
  qty,
  main,
}: {
  form: OrderForm;
  field: OrderField;
  qty: number;
  main: OrderProduct | null;
}) {
  const { t } = useTranslation();
  const v = form.values;
  return (
    <Card withBorder padding="md" radius="md" style={BELOW_THE_FOLD}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('shop.sections.order')}
        </Title>
        <Stack gap={4}>
          <Text size="sm" fw={500} component="label" htmlFor="rksv-qty">
            {t('shop.fields.quantity')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              size={44}
              variant="default"
              aria-label={t('shop.fields.decrease')}
              data-testid="rksv-qty-minus"
              disabled={qty <= 1}
              onClick={() => form.setFieldValue('quantity', Math.max(1, qty - 1))}
            >
              <IconMinus size={18} />
            </ActionIcon>
            <NumberInput
              id="rksv-qty"
              w={90}
              size="md"
              min={1}
              max={RKSV_MAX_QUANTITY}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              hideControls
              styles={{ input: { textAlign: 'center' } }}
              data-testid="rksv-qty"
              {...field('quantity')}
            />
            <ActionIcon
              size={44}
              variant="default"
              aria-label={t('shop.fields.increase')}
              data-testid="rksv-qty-plus"
              disabled={qty >= RKSV_MAX_QUANTITY}
              onClick={() => form.setFieldValue('quantity', Math.min(RKSV_MAX_QUANTITY, qty + 1))}
            >
              <IconPlus size={18} />
            </ActionIcon>
          </Group>
        </Stack>

        <Radio.Group
          label={t('shop.fields.delivery')}
          value={v.deliveryMethod}
          onChange={(m) => form.setFieldValue('deliveryMethod', m as DeliveryMethod)}
        >
          <Stack gap="xs" mt={6}>
            {(['pickup', 'shipping'] as const).map((m) => (
              <Radio.Card key={m} value={m} radius="md" p="sm" data-testid={`rksv-delivery-${m}`}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={2} />
                  <Box style={{ flex: 1 }}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text fw={600} size="sm">
                        {m === 'pickup' ? t('shop.fields.pickup') : t('shop.fields.shipping')}
                      </Text>
                      <Text size="sm" fw={600}>
                        {m === 'pickup' ? (
                          t('shop.fields.free')
                        ) : (
                          <AfterHydration>
                            {main?.shipping_price ? (
                              <Money cents={main.shipping_price} />
                            ) : (
                              main && t('shop.fields.free')
                            )}
                          </AfterHydration>
                        )}
                      </Text>
                    </Group>
                    <Text size="xs" c="gray.7">
                      {m === 'pickup'
                        ? t('shop.fields.pickupHint', { location: PICKUP })
                        : t('shop.fields.shippingHint')}
                    </Text>
                  </Box>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      </Stack>
    </Card>
  );
}
