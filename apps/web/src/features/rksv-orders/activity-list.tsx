import { Alert, Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../components/list-skeleton';
import type { MailStatus, RksvActivity } from '@portal/shared';
import { DateDisplay } from '../../components/date-display';
import { Ltr, UserText } from '../../components/ltr';
import { useRksvActivity } from './api/get-activity';

/** A buyer's mail as the outbox has it: delivered green, waiting grey, given up red (logged: no SMTP here). */
const MAIL_STATUS_COLOR: Record<MailStatus, string> = { sent: 'teal', pending: 'gray', failed: 'red', logged: 'gray' };

/** The value a row names: the serial number, tracking number, agent, Kassen-ID (never a key). */
function detail(a: RksvActivity): string | null {
  const d = a.details as Record<string, unknown>;
  const v = d.serial_number ?? d.tracking_number ?? d.agent_name ?? d.kassenid ?? d.firma;
  return typeof v === 'string' ? v : null;
}

/** What happened to the order in the back office: who, what, when (newest first). */
export function ActivityList({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const activity = useRksvActivity(orderId);
  if (activity.isPending) return <ListSkeleton rows={2} />;
  if (activity.isError) return <Alert color="red">{t('rksvOrders.loadError')}</Alert>;
  if (activity.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('rksvOrders.activity.none')}
      </Text>
    );
  return (
    <Table fz="xs" data-testid="activity">
      <Table.Tbody>
        {activity.data.map((a) => (
          <Table.Tr key={a.id} data-action={a.action}>
            <Table.Td>
              <DateDisplay value={a.created_at} time />
            </Table.Td>
            <Table.Td>{a.user_name ? <UserText size="xs">{a.user_name}</UserText> : '–'}</Table.Td>
            <Table.Td>
              {t(`rksvOrders.activity.${a.action}`, { defaultValue: a.action })}
              {a.action === 'customer_mail' && typeof a.details.mail === 'string' && (
                <span data-testid="activity-mail" data-mail={a.details.mail}>
                  {': '}
                  {t(`rksvOrders.activity.mail.${a.details.mail}`, { defaultValue: a.details.mail })}
                  {typeof a.details.to === 'string' && (
                    <>
                      {' → '}
                      <Ltr>{a.details.to}</Ltr>
                    </>
                  )}
                  {a.mail_status && (
                    <Badge
                      ms="xs"
                      size="xs"
                      variant="light"
                      color={MAIL_STATUS_COLOR[a.mail_status]}
                      data-testid="activity-mail-status"
                      data-status={a.mail_status}
                    >
                      {t(`rksvOrders.activity.mailStatus.${a.mail_status}`)}
                    </Badge>
                  )}
                </span>
              )}
              {/* A card's move (issue 32): the state it reached, in the reader's language. */}
              {a.action === 'card_state' && typeof a.details.to === 'string' && (
                <span data-testid="activity-card-state" data-state={a.details.to}>
                  {': '}
                  {t(`rksvOrders.cardState.${a.details.to}`, { defaultValue: a.details.to })}
                </span>
              )}
              {detail(a) && (
                <>
                  {': '}
                  <Ltr>{detail(a)}</Ltr>
                </>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
