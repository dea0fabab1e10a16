import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CARD_STATES, type CardState, type RksvActivity } from '@portal/shared';
import { DateDisplay } from '../../components/date-display';
import { Ltr, UserText } from '../../components/ltr';
import { CardStateBadge } from './card-state-badge';

const isState = (v: unknown): v is CardState => typeof v === 'string' && (CARD_STATES as readonly string[]).includes(v);

/** What a row names besides its action: the state reached, the year, the type, the serial, the note. */
function Details({ a }: { a: RksvActivity }) {
  const d = a.details;
  const value = [d.year, d.card_type, d.serial_number, d.kassenid].find((v) => typeof v === 'string' || typeof v === 'number');
  return (
    <>
      {isState(d.to) && (
        <>
          {' '}
          <CardStateBadge state={d.to} />
        </>
      )}
      {value !== undefined && (
        <>
          {': '}
          <Ltr>{String(value)}</Ltr>
        </>
      )}
      {typeof d.note === 'string' && d.note && (
        <UserText size="xs" c="dimmed">
          {d.note}
        </UserText>
      )}
    </>
  );
}

/** What happened to the card (its order's activity rows naming it), newest first: when, who, what. */
export function CardHistory({ history }: { history: RksvActivity[] }) {
  const { t } = useTranslation();
  if (history.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {t('rksvOrders.activity.none')}
      </Text>
    );
  return (
    <Table fz="xs" data-testid="card-history">
      <Table.Tbody>
        {history.map((a) => (
          <Table.Tr key={a.id} data-action={a.action}>
            {/* When and who in one cell: two columns stay readable on a phone. */}
            <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
              <DateDisplay value={a.created_at} time />
              {a.user_name && (
                <UserText size="xs" c="dimmed">
                  {a.user_name}
                </UserText>
              )}
            </Table.Td>
            <Table.Td>
              {t(`rksvOrders.activity.${a.action}`, { defaultValue: a.action })}
              <Details a={a} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
