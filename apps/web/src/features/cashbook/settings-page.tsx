import { Alert, Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { centsToInput, parseAmountToCents, type CashbookSettings } from '@portal/shared';
import { notifications } from '../../lib/toasts';
import { useSettings } from './api/get-settings';
import { useSaveSettings } from './api/save-settings';
import { errorMessage } from '../../lib/errors';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';

function SettingsForm({ settings }: { settings: CashbookSettings }) {
  const { t } = useTranslation();
  const save = useSaveSettings();
  const [name, setName] = useState(settings.register_name);
  const [address, setAddress] = useState(settings.register_address);
  const [start, setStart] = useState(centsToInput(settings.starting_balance));
  const [error, setError] = useState<string | null>(null);
  const cents = parseAmountToCents(start.replace(/^-/, ''));
  const startCents = cents === null ? null : start.trim().startsWith('-') ? -cents : cents;
  const submit = () => {
    if (startCents === null) {
      setError(t('cashbook.settings.startInvalid'));
      return;
    }
    setError(null);
    save.mutate(
      { register_name: name.trim(), register_address: address.trim(), starting_balance: startCents },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('cashbook.settings.success') }),
        onError: (e) => setError(errorMessage(e, t('cashbook.settings.error'))),
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
          maxLength={200}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-testid="cashbook-settings-name"
        />
        <Textarea
          label={t('cashbook.settings.address')}
          maxLength={500}
          value={address}
          onChange={(e) => setAddress(e.currentTarget.value)}
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
          data-testid="cashbook-settings-start"
        />
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending} data-testid="cashbook-settings-save">
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
