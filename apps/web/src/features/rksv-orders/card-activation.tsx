import { Alert, Badge, Button, Code, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RksvCard } from '@portal/shared';
import { DateDisplay } from '../../components/date-display';
import { Ltr } from '../../components/ltr';
import { errorMessage } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { useActivateCard } from './api/activate-card';
import { useRevealCardKey } from './api/reveal-card-key';
import { OutagesSection } from './outages-section';

const FIELDS = ['kassenid', 'cert_sn', 'shopid', 'deviceid', 'systemid', 'aes_key'] as const;
type Field = (typeof FIELDS)[number];

/** One card once the order has left: its activation form, or its activation data, key reveal, Jahresbeleg and outages. */
export function CardActivation({ card, index }: { card: RksvCard; index: number }) {
  const { t } = useTranslation();
  const activate = useActivateCard();
  const revealKey = useRevealCardKey();
  const [values, setValues] = useState<Record<Field, string>>(
    () => Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<Field, string>,
  );
  const [failed, setFailed] = useState<string | null>(null);
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
  const submit = () =>
    activate.mutate(
      {
        cardId: card.id,
        kassenid: values.kassenid.trim(),
        cert_sn: values.cert_sn.trim(),
        shopid: values.shopid.trim() || undefined,
        deviceid: values.deviceid.trim() || undefined,
        systemid: values.systemid.trim() || undefined,
        aes_key: values.aes_key.trim() || undefined,
      },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('rksvOrders.activation.saved') }),
        onError: (e) => setFailed(errorMessage(e, t('rksvOrders.saveError'))),
      },
    );
  return (
    <Paper withBorder p="sm" data-testid="card-activation">
      <Stack gap="xs">
        {heading}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          {FIELDS.map((f) => (
            <TextInput
              key={f}
              label={t(`rksvOrders.activation.${f}`)}
              required={f === 'kassenid' || f === 'cert_sn'}
              type={f === 'aes_key' ? 'password' : 'text'}
              autoComplete="off"
              dir="ltr"
              value={values[f]}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setValues((s) => ({ ...s, [f]: v }));
              }}
              data-testid={`activate-${f}`}
            />
          ))}
        </SimpleGrid>
        {failed && <Alert color="red">{failed}</Alert>}
        <Group justify="flex-end">
          <Button disabled={!ready} loading={activate.isPending} onClick={submit} data-testid="activate-save">
            {t('rksvOrders.activation.activate')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
