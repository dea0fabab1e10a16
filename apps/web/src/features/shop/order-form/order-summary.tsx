import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VAT_RATE_PERCENT, formatMoney, type DeliveryMethod, type orderTotal } from '@portal/shared';
import { Money } from '../../../components/money';
import { AfterHydration } from '../../../lib/hydration';
import { BELOW_THE_FOLD, auto, ltr, type OrderProduct } from './order-form';

/** Items, shipping, total and the VAT in it; only after hydration (the prerendered page has no prices). */
export function OrderSummary({
  main,
  total,
  qty,
  deliveryMethod,
  productError,
}: {
  main: OrderProduct | null;
  total: ReturnType<typeof orderTotal> | null;
  qty: number;
  deliveryMethod: DeliveryMethod;
  productError: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" radius="md" style={BELOW_THE_FOLD} data-testid="rksv-summary">
      <Stack gap={6}>
        <Title order={2} size="h4">
          {t('shop.sections.summary')}
        </Title>
        <AfterHydration
          fallback={
            <Text size="sm" c="gray.7">
              {t('shop.loading')}
            </Text>
          }
        >
          {main && total ? (
            <>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm">
                  {t('shop.summary.items', {
                    qty,
                    product: auto(main.name),
                    price: ltr(formatMoney(main.price)),
                  })}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="rksv-items">
                  <Money cents={total.items} />
                </Text>
              </Group>
              {deliveryMethod === 'shipping' && (
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm">{t('shop.summary.shipping')}</Text>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="rksv-shipping">
                    {total.shipping ? <Money cents={total.shipping} /> : t('shop.fields.free')}
                  </Text>
                </Group>
              )}
              <Divider my={4} />
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{t('shop.summary.total')}</Text>
                <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="rksv-total">
                  <Money cents={total.gross} />
                </Text>
              </Group>
              <Group justify="space-between" wrap="nowrap">
                <Text size="xs" c="gray.7">
                  {t('shop.summary.vat', { rate: VAT_RATE_PERCENT })}
                </Text>
                <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }} data-testid="rksv-vat">
                  <Money cents={total.vat} />
                </Text>
              </Group>
            </>
          ) : (
            <Text size="sm" c="gray.7">
              {productError ? t('shop.errors.products') : t('shop.loading')}
            </Text>
          )}
        </AfterHydration>
      </Stack>
    </Card>
  );
}
