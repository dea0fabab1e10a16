import { Alert, Anchor, Button, Card, Group, List, Loader, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconFileTypePdf } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  OPENING_HOURS,
  formatMoney,
  paymentMethodLabelKey,
  paymentStatusLabelKey,
  shortInvoiceNumber,
  type OrderDetails,
} from '@portal/shared';
import { PublicShell } from '../../components/public-shell';
import { useOrderDetails } from './api/get-order-details';
import { useReportFailed } from './api/update-order-status';

/** The regular support hours, compact; times kept left-to-right and unbroken in Arabic too. */
function SupportHours() {
  const { t } = useTranslation();
  const span = (d: number) => {
    const h = OPENING_HOURS[d];
    return h ? `${h.from}–${h.to}` : '';
  };
  const rows: [string, string][] = [
    [t('hours.monThu'), span(1)],
    [t('hours.fri'), span(5)],
    [t('hours.weekend'), t('hours.closed')],
  ];
  return (
    <Stack gap={2} data-testid="result-support-hours">
      {rows.map(([day, time]) => (
        <Group key={day} justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">{day}</Text>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            <bdi dir="ltr">{time}</bdi>
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** Sessions whose failure was already reported from this page (once, also across remounts). */
const reported = new Set<string>();

function Links() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Button component={Link} to="/rksv" size="md" fullWidth data-testid="result-back-shop">
        {t('shop.result.backToShop')}
      </Button>
      <Button component={Link} to="/" size="md" variant="default" fullWidth data-testid="result-back-home">
        {t('shop.result.backHome')}
      </Button>
    </Stack>
  );
}

/**
 * The reference a buyer gives support: the order number, which staff find in the order list (the
 * provider's session id is long and means nothing to them). Null while loading or when unknown.
 */
function Reference({ orderId, loading }: { orderId: number | null; loading?: boolean }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="gray.7" data-testid="result-reference">
      {t('shop.result.reference')}:{' '}
      {loading ? (
        <Loader size="xs" aria-label={t('shop.loading')} />
      ) : (
        <bdi dir="ltr" data-testid="result-reference-number">
          {orderId ?? t('common.na')}
        </bdi>
      )}
    </Text>
  );
}

function FailedView({ orderId, loading }: { orderId: number | null; loading?: boolean }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" radius="md" data-testid="result-failed">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="red" variant="light" size={44} radius="xl">
            <IconCircleX size={28} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {t('shop.result.failedTitle')}
          </Title>
        </Group>
        <Text>{t('shop.result.failedText')}</Text>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('shop.result.reasonsTitle')}
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>{t('shop.result.reasons.cancelled')}</List.Item>
            <List.Item>{t('shop.result.reasons.declined')}</List.Item>
            <List.Item>{t('shop.result.reasons.expired')}</List.Item>
          </List>
        </Stack>
        <Reference orderId={orderId} loading={loading} />
        <Alert
          variant="light"
          color="gray"
          title={t('shop.result.supportTitle')}
          styles={{ title: { color: 'var(--mantine-color-gray-9)' } }}
        >
          <Stack gap={6}>
            <Text size="sm">{t('shop.result.supportText')}</Text>
            <SupportHours />
            <Anchor component={Link} to="/classic-support" size="sm" c="blue.9" underline="always">
              {t('shop.result.supportLink')}
            </Anchor>
          </Stack>
        </Alert>
        <Links />
      </Stack>
    </Card>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Table.Tr>
      <Table.Th fw={500} c="gray.7" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Table.Td>
    </Table.Tr>
  );
}

function SuccessView({ details }: { details: OrderDetails }) {
  const { t } = useTranslation();
  const { order, stripe, payment } = details;
  // The buyer is back, the provider's report may not be: an open order with an unpaid session is "in progress".
  const statusValue =
    order.payment_status === 'pending' && stripe.payment_status === 'unpaid' ? 'pending' : stripe.payment_status;
  const statusKey = paymentStatusLabelKey(statusValue);
  const methodKey = paymentMethodLabelKey(stripe.payment_method);
  const invoice = stripe.invoice ?? order.stripe_inv_id;
  return (
    <Card withBorder padding="lg" radius="md" data-testid="result-success">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="green" variant="light" size={44} radius="xl">
            <IconCircleCheck size={28} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {t('shop.result.successTitle')}
          </Title>
        </Group>
        <Text>{t('shop.result.successText')}</Text>
        {order.payment_status === 'pending' && (
          <Alert variant="light" color="blue" data-testid="result-processing">
            {t('shop.result.processing')}
          </Alert>
        )}
        <Table withRowBorders verticalSpacing={6} horizontalSpacing="xs">
          <Table.Tbody>
            <Row label={t('shop.result.orderNumber')} testId="result-order">
              {order.id}
            </Row>
            <Row label={t('shop.result.product')} testId="result-product">
              {order.product_name}
            </Row>
            <Row label={t('shop.result.quantity')} testId="result-qty">
              {order.qty}
            </Row>
            <Row label={t('shop.result.delivery')} testId="result-delivery">
              {order.delivery === 1 ? t('shop.result.deliveryShipping') : t('shop.result.deliveryPickup')}
            </Row>
            <Row label={t('shop.result.paymentStatus')} testId="result-payment-status">
              {statusKey ? t(`shop.paymentStatus.${statusKey}`) : statusValue}
            </Row>
            <Row label={t('shop.result.paymentMethod')} testId="result-payment-method">
              {methodKey ? t(`shop.paymentMethod.${methodKey}`) : stripe.payment_method}
            </Row>
            <Row label={t('shop.result.invoiceNumber')} testId="result-invoice">
              {invoice ? <bdi title={invoice}>{shortInvoiceNumber(invoice)}</bdi> : t('common.na')}
            </Row>
            <Row label={t('shop.result.total')} testId="result-total">
              <Text fw={700} span>
                <bdi dir="ltr">{formatMoney(order.total_amount)}</bdi>
              </Text>
            </Row>
          </Table.Tbody>
        </Table>
        {payment.invoice_url && (
          <Button
            component="a"
            href={payment.invoice_url}
            target="_blank"
            rel="noopener"
            variant="light"
            leftSection={<IconFileTypePdf size={18} />}
            data-testid="result-invoice-pdf"
          >
            {t('shop.result.invoicePdf')}
          </Button>
        )}
        <Text size="sm" c="gray.7">
          {t('shop.result.mailNote')}
        </Text>
        <Links />
      </Stack>
    </Card>
  );
}

/** /rksv/result?session_id=…&status=success|failed: the buyer's return from the checkout. */
export default function PaymentResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const success = params.get('status') === 'success';
  const reportFailed = useReportFailed();
  // Also after a failure: the order number is the reference the buyer gives support.
  const details = useOrderDetails(sessionId);
  const orderId = details.data?.order.id ?? null;

  useEffect(() => {
    if (success || !sessionId || reported.has(sessionId)) return;
    reported.add(sessionId);
    // A paid order answers 409 and stays paid; the page shows the failure the buyer saw either way.
    reportFailed.mutate(
      { session_id: sessionId, status: 'failed' },
      { onError: (e) => console.warn('RKSV: failure not recorded', e) },
    );
  }, [success, sessionId, reportFailed]);

  let content: ReactNode;
  if (!success || !sessionId) {
    content = <FailedView orderId={orderId} loading={!!sessionId && details.isPending} />;
  } else if (details.isPending) {
    content = (
      <Group justify="center" py="xl">
        <Loader aria-label={t('shop.loading')} />
      </Group>
    );
  } else if (details.isError) {
    content = (
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Alert color="red" data-testid="result-details-error">
            {t('shop.result.detailsError')}
          </Alert>
          <Reference orderId={null} />
          <Links />
        </Stack>
      </Card>
    );
  } else if (details.data.order.payment_status === 'failed' || details.data.order.payment_status === 'expired') {
    content = <FailedView orderId={orderId} />;
  } else {
    content = <SuccessView details={details.data} />;
  }

  return <PublicShell size="sm">{content}</PublicShell>;
}
