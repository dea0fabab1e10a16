import { Alert, Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AMOUNT_PROBLEM_MSG,
  CASHBOOK_MSG,
  CASHBOOK_REGISTER_ADDRESS_MAX,
  CASHBOOK_REGISTER_NAME_MAX,
  centsToInput,
  checkAmountText,
  type CashbookSettings,
} from '@portal/shared';
import { withTextLimit } from '../../components/text-limit';
import { translateMessage } from '../../lib/translate-message';
import { useSendOnce } from '../../lib/use-send-once';
import { notifications } from '../../lib/toasts';
import { useSettings } from './api/get-settings';
import { useSaveSettings } from './api/save-settings';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';

function SettingsForm({ settings }: { settings: CashbookSettings }) {
  const { t } = useTranslation();
  const save = useSaveSettings();
  const { send, busy } = useSendOnce(save);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [name, setName] = useState(settings.register_name);
  const [address, setAddress] = useState(settings.register_address);
  const [start, setStart] = useState(centsToInput(settings.starting_balance));
  const [error, setError] = useState<string | null>(null);
  // The one amount rule (a starting balance may be negative: the sign apart).
  const negative = /^\s*[-\u2212]/.test(start);
  const amount = checkAmountText(start.replace(/^\s*[-\u2212]/, ''), 0);
  const startCents = amount.ok ? (negative ? -amount.cents : amount.cents) : null;
  const submit = () => {
    if (!amount.ok) {
      setFieldErrors({
        starting_balance:
          amount.problem === 'required' || amount.problem === 'format'
            ? t('cashbook.settings.startInvalid')
            : translateMessage(AMOUNT_PROBLEM_MSG[amount.problem]),
      });
      return;
    }
    if (name.length > CASHBOOK_REGISTER_NAME_MAX || address.length > CASHBOOK_REGISTER_ADDRESS_MAX) return;
    setFieldErrors({});
    setError(null);
    send(
      { register_name: name.trim(), register_address: address.trim(), starting_balance: startCents! },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('cashbook.settings.success') }),
        onError: (e) => {
          const fields = fieldErrorsOf(e);
          if (Object.keys(fields).length) setFieldErrors(fields);
          else setError(errorMessage(e, t('cashbook.settings.error')));
        },
      },
    );
  };
  return (
    <Card withBorder maw={640}>
      <Stack>
        {error && (
          <Alert color="red" data-testid="cashbook-settings-error">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('cashbook.settings.name')}
          {...withTextLimit(
            {
              value: name,
              onChange: (e: React.ChangeEvent<HTMLInputElement>) => setName(e.currentTarget.value),
              error: fieldErrors.register_name,
            },
            CASHBOOK_REGISTER_NAME_MAX,
            CASHBOOK_MSG.registerNameTooLong,
          )}
          data-testid="cashbook-settings-name"
        />
        <Textarea
          label={t('cashbook.settings.address')}
          {...withTextLimit(
            {
              value: address,
              onChange: (e: React.ChangeEvent<HTMLTextAreaElement>) => setAddress(e.currentTarget.value),
              error: fieldErrors.register_address,
            },
            CASHBOOK_REGISTER_ADDRESS_MAX,
            CASHBOOK_MSG.registerAddressTooLong,
          )}
          data-testid="cashbook-settings-address"
        />
        <TextInput
          label={t('cashbook.settings.start')}
          inputMode="decimal"
          dir="ltr"
          value={start}
          disabled={!settings.starting_balance_editable}
          description={
            settings.starting_balance_editable ? t('cashbook.settings.startOnce') : t('cashbook.settings.startLocked')
          }
          onChange={(e) => setStart(e.currentTarget.value)}
          error={fieldErrors.starting_balance}
          data-testid="cashbook-settings-start"
        />
        <Group justify="flex-end">
          <Button onClick={submit} loading={busy} data-testid="cashbook-settings-save">
            {t('cashbook.settings.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /agent-dashboard/cashbook/settings: the register's name and address printed on the reports, and the starting balance. */
export default function CashbookSettingsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Stack>
      <PageHeader title={t('cashbook.settings.title')} />
      <Text size="sm" c="dimmed">
        {t('cashbook.settings.text')}
      </Text>
      {settings.isError && (
        <LoadError
          fallback={t('cashbook.errors.load')}
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      )}
      {settings.data && <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />}
    </Stack>
  );
}
