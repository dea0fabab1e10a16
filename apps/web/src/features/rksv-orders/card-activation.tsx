import { Alert, Badge, Button, Code, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RKSV_ACTIVATION_FIELD_MAX,
  RKSV_AES_KEY_MAX,
  RKSV_ORDERS_MSG,
  rksvActivateCardSchema,
  type Message,
  type RksvCard,
} from '@portal/shared';
import { DateDisplay } from '../../components/date-display';
import { Ltr } from '../../components/ltr';
import { withTextLimit } from '../../components/text-limit';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { useActivateCard } from './api/activate-card';
import { useRevealCardKey } from './api/reveal-card-key';
import { schemaFieldErrors } from './field-check';
import { OutagesSection } from './outages-section';
import { useOneAtATime } from '../../lib/use-one-at-a-time';

const FIELDS = ['kassenid', 'cert_sn', 'shopid', 'deviceid', 'systemid', 'aes_key'] as const;
type Field = (typeof FIELDS)[number];

/** Each field's limit and its message over it (the shared schema's). */
const LIMITS: Record<Field, [number, Message]> = {
  kassenid: [RKSV_ACTIVATION_FIELD_MAX, RKSV_ORDERS_MSG.kassenidTooLong],
  cert_sn: [RKSV_ACTIVATION_FIELD_MAX, RKSV_ORDERS_MSG.certSnTooLong],
  shopid: [RKSV_ACTIVATION_FIELD_MAX, RKSV_ORDERS_MSG.activationFieldTooLong],
  deviceid: [RKSV_ACTIVATION_FIELD_MAX, RKSV_ORDERS_MSG.activationFieldTooLong],
  systemid: [RKSV_ACTIVATION_FIELD_MAX, RKSV_ORDERS_MSG.activationFieldTooLong],
  aes_key: [RKSV_AES_KEY_MAX, RKSV_ORDERS_MSG.aesKeyTooLong],
};

/** One card once the order has left: its activation form, or its activation data, key reveal, Jahresbeleg and outages. */
export function CardActivation({ card, index }: { card: RksvCard; index: number }) {
  const { t } = useTranslation();
  const activate = useActivateCard();
  const revealKey = useRevealCardKey();
  const [values, setValues] = useState<Record<Field, string>>(
    () => Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<Field, string>,
  );
  const [failed, setFailed] = useState<string | null>(null);
  /** Each field's refusal (the shared rule's before sending, the server's after), shown at the field. */
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const sending = useOneAtATime();
  const [key, setKey] = useState<string | null>(null);

  const heading = (
    <Group gap="xs">
      <Text fw={600} size="sm">
        {t('rksvOrders.serials.card', { n: index })}
      </Text>
      {card.serial_number && <Ltr>{card.serial_number}</Ltr>}
      {card.activated_at && <Badge color="green">{t('rksvOrders.activation.active')}</Badge>}
    </Group>
  );

  if (card.activated_at) {
    const reveal = async () => {
      try {
        // The reveal is written into the order's activity: the mutation refreshes it.
        setKey((await revealKey.mutateAsync({ id: card.id })).aes_key);
      } catch (e) {
        notifications.show({ color: 'red', message: errorMessage(e, t('rksvOrders.loadError')) });
      }
    };
    return (
      <Paper withBorder p="sm" data-testid="card-activated">
        <Stack gap="xs">
          {heading}
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {(['kassenid', 'cert_sn', 'shopid', 'deviceid', 'systemid'] as const).map((f) => (
              <div key={f}>
                <Text size="xs" c="dimmed">
                  {t(`rksvOrders.activation.${f}`)}
                </Text>
                {card[f] ? <Ltr>{card[f]}</Ltr> : '–'}
              </div>
            ))}
            <div>
              <Text size="xs" c="dimmed">
                {t('rksvOrders.activation.activatedAt')}
              </Text>
              <DateDisplay value={card.activated_at} time />
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('rksvOrders.activation.jahresbeleg')}
              </Text>
              <DateDisplay value={card.jahresbeleg_due} />
            </div>
          </SimpleGrid>
          {card.has_aes_key && (
            <Group gap="xs">
              {key ? (
                <Code dir="ltr" data-testid="aes-key">
                  {key}
                </Code>
              ) : (
                <Button size="xs" variant="default" onClick={() => void reveal()} data-testid="reveal-key">
                  {t('rksvOrders.activation.revealKey')}
                </Button>
              )}
              <Text size="xs" c="dimmed">
                {t('rksvOrders.activation.revealHint')}
              </Text>
            </Group>
          )}
          <OutagesSection cardId={card.id} />
        </Stack>
      </Paper>
    );
  }

  const ready = values.kassenid.trim() !== '' && values.cert_sn.trim() !== '';
  const submit = () => {
    setFailed(null);
    const body = { cardId: card.id, ...values };
    const checked = schemaFieldErrors(rksvActivateCardSchema, body);
    setErrors(checked);
    if (Object.keys(checked).length > 0) return;
    void sending.run(() =>
      activate.mutateAsync(rksvActivateCardSchema.parse(body)).then(
        () => notifications.show({ color: 'green', message: t('rksvOrders.activation.saved') }),
        (e: unknown) => {
          const fields = fieldErrorsOf(e);
          if (Object.keys(fields).length > 0) setErrors(fields);
          else setFailed(errorMessage(e, t('rksvOrders.saveError')));
        },
      ),
    );
  };
  return (
    <Paper withBorder p="sm" data-testid="card-activation">
      <Stack gap="xs">
        {heading}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          {FIELDS.map((f) => (
            <TextInput
              key={f}
              {...withTextLimit(
                {
                  value: values[f],
                  error: errors[f],
                  description: f === 'cert_sn' ? t('rksvOrders.activation.certSnHint') : undefined,
                },
                LIMITS[f][0],
                LIMITS[f][1],
              )}
              label={t(`rksvOrders.activation.${f}`)}
              required={f === 'kassenid' || f === 'cert_sn'}
              type={f === 'aes_key' ? 'password' : 'text'}
              autoComplete="off"
              dir="ltr"
              onChange={(e) => {
                const v = e.currentTarget.value;
                setValues((s) => ({ ...s, [f]: v }));
                setErrors(({ [f]: _gone, ...rest }) => rest);
              }}
              data-testid={`activate-${f}`}
            />
          ))}
        </SimpleGrid>
        {failed && (
          <Alert color="red" data-testid="activation-error">
            {failed}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button disabled={!ready} loading={sending.busy} onClick={submit} data-testid="activate-save">
            {t('rksvOrders.activation.activate')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
