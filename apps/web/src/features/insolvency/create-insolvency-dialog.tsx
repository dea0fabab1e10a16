import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createInsolvencySchema,
  insolvencyToday,
  INSOLVENCY_ADMINISTRATOR_MAX,
  INSOLVENCY_MSG,
  INSOLVENCY_SEARCH_MIN,
} from '@portal/shared';
import { CustomerPicker } from '../../components/customer-picker';
import { DateInput } from '../../components/date-input';
import { errorMessage, clientError, fieldErrorsOf } from '../../lib/errors';
import { focusFirstInvalidSoon } from '../../lib/focus-first-invalid';
import { notifications } from '../../lib/toasts';
import { translateMessage } from '../../lib/translate-message';
import { useCreateInsolvency } from './api/create-insolvency';
import { searchInsolvencyCustomers } from './api/search-customers';

/** The cache entry of one search term. */
const searchKey = (query: string) => ['insolvency', 'search', query] as const;

const DIALOG = '[data-testid="insolvency-create-dialog"]';
type Field = 'customer_id' | 'administrator_name' | 'administrator_email' | 'administrator_phone' | 'start_date';

/** The create dialog: customer (search from 2 characters), administrator, start date; the shared schema checks it. */
export function CreateInsolvencyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateInsolvency();
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [start, setStart] = useState(insolvencyToday());
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = () => {
    const body = {
      customer_id: customerId,
      administrator_name: name,
      administrator_email: email,
      administrator_phone: phone,
      start_date: start === 'invalid' ? 'x' : start,
    };
    const parsed = createInsolvencySchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const f = issue.path[0] as Field;
        next[f] ??= translateMessage(issue.message);
      }
      setErrors(next);
      focusFirstInvalidSoon(DIALOG);
      return;
    }
    setErrors({});
    setFailure(null);
    create.mutate(body, {
      onSuccess: (r) => {
        notifications.show({ color: 'green', message: translateMessage(r.message, r.code) });
        setCustomerId(null);
        setName('');
        setEmail('');
        setPhone('');
        setStart(insolvencyToday());
        close();
      },
      onError: (e) => {
        // A refused field is shown at that field; only what belongs to no field goes above the form.
        const atFields = fieldErrorsOf(e);
        if (Object.keys(atFields).length > 0) {
          setErrors(atFields);
          focusFirstInvalidSoon(DIALOG);
        }
        else setFailure(errorMessage(e, translateMessage(INSOLVENCY_MSG.createError), clientError));
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('insolvency.create.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('insolvency.closeDialog') }}
      data-testid="insolvency-create-dialog"
    >
      <Stack>
        {failure && (
          <Alert color="red" data-testid="insolvency-create-error">
            {failure}
          </Alert>
        )}
        <CustomerPicker
          label={t('insolvency.create.customer')}
          minLength={INSOLVENCY_SEARCH_MIN}
          search={searchInsolvencyCustomers}
          queryKey={searchKey}
          placeholder={t('insolvency.create.customerPlaceholder', { min: INSOLVENCY_SEARCH_MIN })}
          tooShortText={t('insolvency.create.customerMin', { min: INSOLVENCY_SEARCH_MIN })}
          emptyText={t('insolvency.create.noCustomer')}
          failedText={t('insolvency.create.searchError')}
          error={errors.customer_id}
          withAsterisk
          onChange={(h) => setCustomerId(h?.id ?? null)}
          data-testid="insolvency-customer-search"
        />
        <TextInput
          label={t('insolvency.create.administratorName')}
          withAsterisk
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={INSOLVENCY_ADMINISTRATOR_MAX}
          error={errors.administrator_name}
          data-testid="insolvency-admin-name"
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('insolvency.create.administratorEmail')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            maxLength={200}
            error={errors.administrator_email}
            data-testid="insolvency-admin-email"
          />
          <TextInput
            label={t('insolvency.create.administratorPhone')}
            type="tel"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            maxLength={30}
            error={errors.administrator_phone}
            data-testid="insolvency-admin-phone"
          />
        </Group>
        <DateInput
          label={t('insolvency.create.startDate')}
          withAsterisk
          value={start}
          max={insolvencyToday()}
          onChange={setStart}
          error={errors.start_date}
          data-testid="insolvency-start-date"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending} data-testid="insolvency-create-submit">
            {t('insolvency.create.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
