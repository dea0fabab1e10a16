import { Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RKSV_ORDERS_MSG, serialPairValid, type RksvOrder } from '@portal/shared';
import { Ltr } from '../../components/ltr';
import { errorMessage } from '../../lib/errors';
import { translateMessage } from '../../lib/translate-message';
import { notifications } from '../../lib/toasts';
import { useUpdateCard } from './api/update-card';

/**
 * Serial numbers per card, each with a repeat field (spec section 5): both non-blank and equal, else
 * "Die Seriennummern stimmen nicht überein."; one serial on two cards is refused ("Diese Seriennummer
 * ist bereits vergeben."); saving is possible only when every card is valid.
 * Once the order has left, the numbers are shown read-only.
 */
export function SerialsForm({ order, editable }: { order: RksvOrder; editable: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateCard();
  const initial = () => Object.fromEntries(order.cards.map((c) => [c.id, { serial: c.serial_number ?? '', repeat: c.serial_number ?? '' }]));
  const [values, setValues] = useState(initial);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cardsKey = order.cards.map((c) => `${c.id}:${c.serial_number}`).join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setValues(initial()), [cardsKey]);

  if (!editable) {
    return (
      <Table withTableBorder>
        <Table.Tbody>
          {order.cards.map((c, i) => (
            <Table.Tr key={c.id}>
              <Table.Td>{t('rksvOrders.serials.card', { n: i + 1 })}</Table.Td>
              <Table.Td data-testid="serial-readonly">{c.serial_number ? <Ltr>{c.serial_number}</Ltr> : '–'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  // A serial belongs to one card of all (the server answers 409 for one another card holds): two
  // cards of this order with one serial, in any spelling, are refused before anything is saved.
  const serialKey = (s: string) => s.trim().toLowerCase();
  const twice = new Set(
    order.cards.map((c) => serialKey(values[c.id]!.serial)).filter((k, i, all) => k !== '' && all.indexOf(k) !== i),
  );
  const valid =
    twice.size === 0 && order.cards.every((c) => serialPairValid(values[c.id]!.serial, values[c.id]!.repeat));
  const set = (id: number, k: 'serial' | 'repeat', v: string) => setValues((s) => ({ ...s, [id]: { ...s[id]!, [k]: v } }));

  const save = async () => {
    setBusy(true);
    setFailed(null);
    try {
      // One call per changed card; each is its own transaction with its activity row.
      for (const c of order.cards) {
        const serial = values[c.id]!.serial.trim();
        if (serial !== c.serial_number) await update.mutateAsync({ cardId: c.id, serialNumber: serial });
      }
      notifications.show({ color: 'green', message: t('rksvOrders.serials.saved') });
    } catch (e) {
      setFailed(errorMessage(e, t('rksvOrders.serials.error')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs">
      {order.cards.map((c, i) => {
        const v = values[c.id]!;
        const mismatch = v.serial.trim() !== '' && v.repeat.trim() !== '' && v.serial.trim() !== v.repeat.trim();
        return (
          <Group key={c.id} grow align="flex-start" data-testid="serial-row">
            <TextInput
              label={t('rksvOrders.serials.serial', { n: i + 1 })}
              value={v.serial}
              onChange={(e) => set(c.id, 'serial', e.currentTarget.value)}
              error={twice.has(serialKey(v.serial)) ? translateMessage(RKSV_ORDERS_MSG.serialTaken) : undefined}
              dir="ltr"
              data-testid="serial-input"
            />
            <TextInput
              label={t('rksvOrders.serials.repeat', { n: i + 1 })}
              value={v.repeat}
              onChange={(e) => set(c.id, 'repeat', e.currentTarget.value)}
              error={mismatch ? t('rksvOrders.serials.mismatch') : undefined}
              dir="ltr"
              data-testid="serial-repeat"
            />
          </Group>
        );
      })}
      {failed && (
        <Alert color="red" data-testid="serials-error">
          {failed}
        </Alert>
      )}
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t('rksvOrders.serials.hint')}
        </Text>
        <Button onClick={() => void save()} disabled={!valid} loading={busy} data-testid="serials-save">
          {t('rksvOrders.serials.save')}
        </Button>
      </Group>
    </Stack>
  );
}
