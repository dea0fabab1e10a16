import { Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RKSV_ORDERS_MSG, RKSV_SERIAL_MAX, rksvUpdateCardSchema, serialPairValid, type RksvOrder } from '@portal/shared';
import { withTextLimit } from '../../components/text-limit';
import { Ltr } from '../../components/ltr';
import { errorCode, errorMessage, fieldErrorsOf } from '../../lib/errors';
import { translateMessage } from '../../lib/translate-message';
import { notifications } from '../../lib/toasts';
import { useUpdateCard } from './api/update-card';
import { schemaFieldErrors } from './field-check';
import { useOneAtATime } from '../../lib/use-one-at-a-time';

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
  /** Each card's refusal (the shared rule's or the server's), shown at that card's serial number. */
  const [cardErrors, setCardErrors] = useState<Record<number, string>>({});
  const sending = useOneAtATime();
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
  const set = (id: number, k: 'serial' | 'repeat', v: string) => {
    setValues((s) => ({ ...s, [id]: { ...s[id]!, [k]: v } }));
    if (k === 'serial') setCardErrors(({ [id]: _gone, ...rest }) => rest);
  };

  const save = async () => {
    setFailed(null);
    const changed = order.cards.filter((c) => values[c.id]!.serial.trim() !== c.serial_number);
    // The shared rule first: a refused number is shown at its card and nothing is sent.
    const checked: Record<number, string> = {};
    for (const c of changed) {
      const msg = schemaFieldErrors(rksvUpdateCardSchema, { cardId: c.id, serialNumber: values[c.id]!.serial }).serialNumber;
      if (msg) checked[c.id] = msg;
    }
    setCardErrors(checked);
    if (Object.keys(checked).length > 0) return;
    // One call per changed card; each is its own transaction with its activity row. A refusal stays
    // at its card; the other cards are still saved.
    const refused: Record<number, string> = {};
    let other: string | null = null;
    for (const c of changed) {
      try {
        await update.mutateAsync({ cardId: c.id, serialNumber: values[c.id]!.serial.trim() });
      } catch (e) {
        const field = fieldErrorsOf(e).serialNumber;
        if (field) refused[c.id] = field;
        else if (errorCode(e) === RKSV_ORDERS_MSG.serialTaken.code) refused[c.id] = errorMessage(e, '');
        else other ??= errorMessage(e, t('rksvOrders.serials.error'));
      }
    }
    setCardErrors(refused);
    setFailed(other);
    if (Object.keys(refused).length === 0 && !other)
      notifications.show({ color: 'green', message: t('rksvOrders.serials.saved') });
  };

  return (
    <Stack gap="xs">
      {order.cards.map((c, i) => {
        const v = values[c.id]!;
        const mismatch = v.serial.trim() !== '' && v.repeat.trim() !== '' && v.serial.trim() !== v.repeat.trim();
        return (
          <Group key={c.id} grow align="flex-start" data-testid="serial-row">
            <TextInput
              {...withTextLimit(
                {
                  value: v.serial,
                  error:
                    cardErrors[c.id] ??
                    (twice.has(serialKey(v.serial)) ? translateMessage(RKSV_ORDERS_MSG.serialTaken) : undefined),
                },
                RKSV_SERIAL_MAX,
                RKSV_ORDERS_MSG.serialTooLong,
              )}
              label={t('rksvOrders.serials.serial', { n: i + 1 })}
              onChange={(e) => set(c.id, 'serial', e.currentTarget.value)}
              autoComplete="off"
              dir="ltr"
              data-testid="serial-input"
            />
            <TextInput
              {...withTextLimit(
                { value: v.repeat, error: mismatch ? t('rksvOrders.serials.mismatch') : undefined },
                RKSV_SERIAL_MAX,
                RKSV_ORDERS_MSG.serialTooLong,
              )}
              label={t('rksvOrders.serials.repeat', { n: i + 1 })}
              onChange={(e) => set(c.id, 'repeat', e.currentTarget.value)}
              autoComplete="off"
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
        <Button
          onClick={() => void sending.run(save)}
          disabled={!valid}
          loading={sending.busy}
          data-testid="serials-save"
        >
          {t('rksvOrders.serials.save')}
        </Button>
      </Group>
    </Stack>
  );
}
