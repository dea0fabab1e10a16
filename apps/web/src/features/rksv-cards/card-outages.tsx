import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RksvCardLife } from '@portal/shared';
import { DateDisplay } from '../../components/date-display';
import { UserText } from '../../components/ltr';
import { errorMessage } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { useSendOnce } from '../../lib/use-send-once';
import { useReportRksvOutage } from './api/report-outage';

type Outage = RksvCardLife['outages'][number];

/** "An das Finanzamt gemeldet" of one outage of more than 48 hours not yet reported (§ 17 RKSV). */
function ReportButton({ outage, onAlert }: { outage: Outage; onAlert: (message: string | null) => void }) {
  const { t } = useTranslation();
  const report = useReportRksvOutage();
  const { send, busy } = useSendOnce(report);
  return (
    <Button
      size="compact-xs"
      variant="light"
      color="red"
      loading={busy}
      onClick={() => {
        onAlert(null);
        send(
          { outageId: outage.id, reported_at: new Date().toISOString() },
          {
            onSuccess: () => notifications.show({ color: 'green', message: t('rksvCards.outages.reportedSaved') }),
            onError: (e) => onAlert(errorMessage(e, t('rksvOrders.saveError'))),
          },
        );
      }}
      data-testid="outage-report"
    >
      {t('rksvCards.outages.report')}
    </Button>
  );
}

/** The card's outages: start, end, reason, and the report to the tax office (due, or when it was made). */
export function CardOutages({ life, onAlert }: { life: RksvCardLife; onAlert: (message: string | null) => void }) {
  const { t } = useTranslation();
  if (life.outages.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {t('rksvOrders.outages.none')}
      </Text>
    );
  return (
    <Table fz="xs" data-testid="card-outages">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('rksvOrders.outages.started')}</Table.Th>
          <Table.Th>{t('rksvOrders.outages.ended')}</Table.Th>
          <Table.Th>{t('rksvOrders.outages.reason')}</Table.Th>
          <Table.Th>{t('rksvOrders.outages.report')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {life.outages.map((o) => (
          <Table.Tr key={o.id} data-outage={o.id}>
            <Table.Td>
              <DateDisplay value={o.started_at} time />
            </Table.Td>
            <Table.Td>{o.ended_at ? <DateDisplay value={o.ended_at} time /> : t('rksvOrders.outages.open')}</Table.Td>
            <Table.Td>
              <UserText size="xs">{o.reason}</UserText>
            </Table.Td>
            <Table.Td>
              {o.reported_at ? (
                <Text size="xs">
                  {t('rksvCards.outages.reportedOn')} <DateDisplay value={o.reported_at} />
                </Text>
              ) : o.reportable ? (
                <Group gap={6}>
                  <Badge color="red" size="sm">
                    {t('rksvOrders.outages.reportBy')} <DateDisplay value={o.report_deadline} />
                  </Badge>
                  <ReportButton outage={o} onAlert={onAlert} />
                </Group>
              ) : (
                '–'
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

