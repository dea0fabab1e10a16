import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OPENING_HOURS } from '@portal/shared';

/** Mon–Thu and Fri rows of the regular support hours. */
export function OpeningHours() {
  const { t } = useTranslation();
  const monThu = OPENING_HOURS[1]!;
  const fri = OPENING_HOURS[5]!;
  return (
    <Table withRowBorders={false} verticalSpacing={4} data-testid="opening-hours">
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>{t('hours.monThu')}</Table.Td>
          <Table.Td>
            {monThu.from}–{monThu.to}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td>{t('hours.fri')}</Table.Td>
          <Table.Td>
            {fri.from}–{fri.to}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td>{t('hours.weekend')}</Table.Td>
          <Table.Td>{t('hours.closed')}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
