import { Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rksvCardDetailsSchema, type RksvCardLife } from '@portal/shared';
import { DateInput } from '../../components/date-input';
import { focusFirstInvalidSoon } from '../../lib/focus-first-invalid';
import { notifications } from '../../lib/toasts';
import { useSendOnce } from '../../lib/use-send-once';
import { useRksvCardTypes } from './api/get-card-types';
import { useUpdateRksvCardDetails } from './api/update-card-details';
import { checkFields, splitRefusal } from './card-forms';

const FIELDS = ['card_type', 'valid_until'] as const;

/**
 * The card's type (one of the admins' list: its approval end gives the replacement deadline) and the
 * certificate's end where it differs from activation + 5 years (empty: that default).
 */
export function CardDetailsForm({ life, onAlert }: { life: RksvCardLife; onAlert: (message: string | null) => void }) {
  const { t } = useTranslation();
  const types = useRksvCardTypes();
  const update = useUpdateRksvCardDetails();
  const { send, busy } = useSendOnce(update);
  const [cardType, setCardType] = useState<string | null>(life.card.card_type);
  const [validUntil, setValidUntil] = useState(life.card.valid_until ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changed = cardType !== life.card.card_type || validUntil !== (life.card.valid_until ?? '');

  const options = (types.data ?? []).map((ty) => ({ value: ty.name, label: ty.name }));
  // A type the card carries stays choosable while the list loads (or if it left the list).
  if (life.card.card_type && !options.some((o) => o.value === life.card.card_type))
    options.unshift({ value: life.card.card_type, label: life.card.card_type });

  const submit = () => {
    onAlert(null);
    const body = { cardId: life.card.id, card_type: cardType, valid_until: validUntil || null };
    const checked = checkFields(rksvCardDetailsSchema, body);
    setErrors(checked);
    if (Object.keys(checked).length > 0) {
      focusFirstInvalidSoon('[data-testid="card-details-form"]');
      return;
    }
    send(body, {
      onSuccess: () => notifications.show({ color: 'green', message: t('rksvCards.details.saved') }),
      onError: (e) => {
        const refused = splitRefusal(e, FIELDS, t('rksvOrders.saveError'));
        setErrors(refused.fields);
        onAlert(refused.alert);
        if (!refused.alert) focusFirstInvalidSoon('[data-testid="card-details-form"]');
      },
    });
  };

  return (
    <form
      noValidate
      data-testid="card-details-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Group gap="xs" align="flex-start" wrap="wrap">
        <Select
          label={t('rksvCards.details.cardType')}
          placeholder={t('rksvCards.details.noType')}
          data={options}
          value={cardType}
          onChange={(v) => {
            setCardType(v);
            setErrors(({ card_type: _gone, ...rest }) => rest);
          }}
          clearable
          error={errors.card_type}
          w={220}
          data-testid="card-type-select"
        />
        <DateInput
          label={t('rksvCards.details.validUntil')}
          description={t('rksvCards.details.validUntilHint')}
          value={validUntil}
          onChange={(v) => {
            setValidUntil(v);
            setErrors(({ valid_until: _gone, ...rest }) => rest);
          }}
          error={errors.valid_until}
          w={200}
          data-testid="card-valid-until"
        />
        <Button type="submit" size="xs" mt={25} disabled={!changed} loading={busy} data-testid="card-details-save">
          {t('rksvCards.save')}
        </Button>
      </Group>
    </form>
  );
}
