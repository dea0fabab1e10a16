import { Alert, Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DateDisplay } from '../../components/date-display';
import { Bidi, Ltr } from '../../components/ltr';
import { Money } from '../../components/money';
import { errorMessage, hasStatus } from '../../lib/errors';
import { useBusinessOrder } from './api/get-order';
import { downloadBusinessInvoice } from './api/download-invoice';
import { ScreenTitle, StageBadge, TrackingInfo } from './parts';

/** One own order: stage, shipping, cards with serial number and activation, the invoice. */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const order = useBusinessOrder(Number.isInteger(id) && id > 0 ? id : null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const back = (
    <Anchor component={Link} to="/business-dashboard/orders" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden /> {t('businessData.backToOrders')}
      </Group>
    </Anchor>
  );
  if (order.isError)
    return (
      <Stack>
        {back}
        <Alert color="red">
          {hasStatus(order.error, 404)
            ? t('businessData.orderNotFound')
            : errorMessage(order.error, t('businessData.loadError'))}
        </Alert>
      </Stack>
    );
  const o = order.data;
  if (!o) return <Skeleton h={240} />;
  const download = async () => {
    setDownloadError(null);
    const ref = o.invoice_ref!;
    try {
      await downloadBusinessInvoice(ref);
    } catch (e) {
      setDownloadError(errorMessage(e, t('businessData.downloadError')));
    }
  };
  return (
    <Stack>
      {back}
      <ScreenTitle>{t('businessData.orderNo', { id: o.id })}</ScreenTitle>
      <Group>
        <StageBadge order={o} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {t('businessData.col.date')}
            </Text>
            <DateDisplay value={o.saved_at} time />
            <Text size="sm" c="dimmed">
              {t('businessData.col.total')}
            </Text>
            <Money cents={o.total_amount} />
            <Text size="sm" c="dimmed">
              {t('businessData.address')}
            </Text>
            <Text>
              <Bidi>{o.companyname}</Bidi>
              <br />
              <Bidi>{o.address}</Bidi>, <Ltr>{o.zipcode}</Ltr> <Bidi>{o.city}</Bidi>
            </Text>
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {o.delivery === 1 ? t('businessData.shipping') : t('businessData.pickup')}
            </Text>
            <TrackingInfo order={o} />
            {o.shipped_at && <DateDisplay value={o.shipped_at} />}
            {o.invoice_ref && (
              <Button
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => void download()}
                data-testid="order-invoice"
                mt="sm"
                // The label carries the invoice number: it wraps on a phone instead of being cut.
                h="auto"
                py={6}
                styles={{ label: { whiteSpace: 'normal' } }}
              >
                {/* The number in the visible text, not only in an aria-label: what is read is what is seen (2.5.3). */}
                {t('businessData.downloadInvoice', { number: o.invoice_ref })}
              </Button>
            )}
            {downloadError && <Alert color="red">{downloadError}</Alert>}
          </Stack>
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Text fw={600} mb="xs">
          {t('businessData.cardsActivated', { activated: o.activated_count, total: o.card_count })}
        </Text>
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label={t('businessData.col.cards')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('businessData.serial')}</Table.Th>
                <Table.Th>{t('businessData.activatedAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.cards.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    {c.serial_number ? <Ltr>{c.serial_number}</Ltr> : t('businessData.serialPending')}
                  </Table.Td>
                  <Table.Td>
                    {c.activated_at ? <DateDisplay value={c.activated_at} /> : t('businessData.notActivated')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
