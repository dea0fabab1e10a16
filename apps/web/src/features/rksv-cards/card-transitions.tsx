import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RKSV_CARD_NOTE_MAX,
  RKSV_CARDS_MSG,
  rksvCardTransitionSchema,
  type CardTransitionTarget,
  type RksvCardLife,
} from '@portal/shared';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DateInput } from '../../components/date-input';
import { withTextLimit } from '../../components/text-limit';
import { focusFirstInvalidSoon } from '../../lib/focus-first-invalid';
import { notifications } from '../../lib/toasts';
import { useSendOnce } from '../../lib/use-send-once';
import { useTransitionRksvCard } from './api/transition-card';
import { checkFields, focusDeadlines, instantOf, nowLocal, splitRefusal } from './card-forms';
import { FINAL_TRANSITIONS } from './deadline-filters';

const FIELDS = ['at', 'note'] as const;

/**
 * The moves the server offers the card now (the answer's `transitions`; a refused move is not shown),
 * each with when it happened (default now) and a note; an outage's note is its reason. A move that
 * cannot be undone (defective, replaced, deregistered) is confirmed first.
 */
export function CardTransitions({
  life,
  onAlert,
}: {
  life: RksvCardLife;
  onAlert: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const transition = useTransitionRksvCard();
  const { send, busy } = useSendOnce(transition);
  const [chosen, setChosen] = useState<CardTransitionTarget | null>(null);
  const [at, setAt] = useState('');
  /** The time the form was opened with: left as it is, the server takes its own now (never a minute before the activation). */
  const [atDefault, setAtDefault] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);

  if (life.transitions.length === 0) return null;

  const choose = (to: CardTransitionTarget) => {
    const now = nowLocal();
    setChosen(to);
    setAt(now);
    setAtDefault(now);
    setNote('');
    setErrors({});
    onAlert(null);
  };

  const body = () => ({
    cardId: life.card.id,
    to: chosen!,
    at: at && at !== atDefault ? instantOf(at) : null,
    note: note.trim() || null,
  });

  const submit = () => {
    onAlert(null);
    const checked = checkFields(rksvCardTransitionSchema, body());
    setErrors(checked);
    if (Object.keys(checked).length > 0) {
      focusFirstInvalidSoon('[data-testid="transition-form"]');
      return;
    }
    if (FINAL_TRANSITIONS.has(chosen!)) setConfirming(true);
    else go();
  };

  const go = () => {
    const to = chosen!;
    send(body(), {
      onSuccess: () => {
        setConfirming(false);
        setChosen(null);
        focusDeadlines();
        notifications.show({ color: 'green', message: t('rksvCards.transition.saved', { state: t(`rksvOrders.cardState.${to}`) }) });
      },
      onError: (e) => {
        setConfirming(false);
        const refused = splitRefusal(e, FIELDS, t('rksvOrders.saveError'));
        setErrors(refused.fields);
        onAlert(refused.alert);
        if (!refused.alert) focusFirstInvalidSoon('[data-testid="transition-form"]');
      },
    });
  };

  const outage = chosen === 'outage';
  // Back in use from an outage ends it; from registered it is the checked Startbeleg.
  const label = (to: CardTransitionTarget) =>
    to === 'in_use' && life.state === 'outage' ? t('rksvCards.transition.outageEnded') : t(`rksvCards.transition.${to}`);
  return (
    <Stack gap="xs" data-testid="transitions">
      <Group gap="xs">
        {life.transitions.map((to) => (
          <Button
            key={to}
            size="xs"
            variant={chosen === to ? 'filled' : FINAL_TRANSITIONS.has(to) ? 'default' : 'light'}
            color={FINAL_TRANSITIONS.has(to) || to === 'outage' ? 'red' : undefined}
            onClick={() => choose(to)}
            aria-pressed={chosen === to}
            data-testid={`transition-${to}`}
          >
            {label(to)}
          </Button>
        ))}
      </Group>
      {chosen && (
        <Paper withBorder p="sm" data-testid="transition-form" data-to={chosen}>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {label(chosen)}
              </Text>
              <DateInput
                withTime
                label={t('rksvCards.transition.at')}
                description={t('rksvCards.transition.atHint')}
                value={at}
                onChange={(v) => {
                  setAt(v);
                  setErrors(({ at: _gone, ...rest }) => rest);
                }}
                error={errors.at}
                data-testid="transition-at"
              />
              <Textarea
                {...withTextLimit({ value: note, error: errors.note }, RKSV_CARD_NOTE_MAX, RKSV_CARDS_MSG.noteTooLong)}
                label={outage ? t('rksvCards.transition.reason') : t('rksvCards.transition.note')}
                withAsterisk={outage}
                autosize
                minRows={2}
                onChange={(e) => {
                  setNote(e.currentTarget.value);
                  setErrors(({ note: _gone, ...rest }) => rest);
                }}
                data-testid="transition-note"
              />
              <Group justify="flex-end" gap="xs">
                <Button variant="default" size="xs" onClick={() => setChosen(null)}>
                  {t('common.cancel')}
                </Button>
                <Button
                  type="submit"
                  size="xs"
                  color={FINAL_TRANSITIONS.has(chosen) ? 'red' : undefined}
                  loading={busy && !confirming}
                  data-testid="transition-save"
                >
                  {t('rksvCards.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
      <ConfirmDialog
        opened={confirming}
        title={chosen ? label(chosen) : ''}
        text={chosen && FINAL_TRANSITIONS.has(chosen) ? t(`rksvCards.confirm.${chosen}`) : ''}
        confirmLabel={chosen ? label(chosen) : undefined}
        destructive
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={go}
      />
    </Stack>
  );
}
