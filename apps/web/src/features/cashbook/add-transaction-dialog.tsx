import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CASHBOOK_DESCRIPTION_MAX,
  CASHBOOK_INVOICE_MAX,
  CASHBOOK_MSG,
  COMMON_MSG,
  CUSTOMER_SEARCH_MIN,
  checkAmountText,
  toVienna,
  transactionFormSchema,
  type CashbookType,
} from '@portal/shared';
import { CustomerPicker } from '../../components/customer-picker';
import { DateInput } from '../../components/date-input';
import { inputProps } from '../../components/field-error';
import { withTextLimit } from '../../components/text-limit';
import { useAuth } from '../../lib/auth-context';
import { notifications } from '../../lib/toasts';
import { useCategories } from './api/get-categories';
import { useCreateTransaction } from './api/create-transaction';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { useSendOnce } from '../../lib/use-send-once';
import { customerSearch, hasCustomerSearch } from '../../lib/customer-search';
import { resolveCustomer } from './api/resolve-customer';

const pad = (n: number) => String(n).padStart(2, '0');
/** Now as the date field shows it: Vienna wall clock, `yyyy-MM-ddTHH:mm`. */
function viennaNow(): string {
  const v = toVienna(new Date());
  return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}T${pad(v.getHours())}:${pad(v.getMinutes())}`;
}

/**
 * The add dialog (spec section 5 "Add transaction"): amount as typed with comma or point, type
 * (income by default), the categories of that type, description, the date locked to now except for
 * admins, and for income the invoice number and a customer from the search.
 */
export function AddTransactionDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const customers = customerSearch(user?.country_id);
  const searchable = hasCustomerSearch(user?.country_id);
  const [resolveFailed, setResolveFailed] = useState(false);
  const categories = useCategories();
  const create = useCreateTransaction();
  const { send, busy } = useSendOnce(create);
  const [error, setError] = useState<string | null>(null);
  const [preset] = useState(viennaNow);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      amount: '',
      type: 'income' as CashbookType,
      category_id: '',
      description: '',
      transaction_date: preset,
      invoice_number: '',
      customer_id: '',
    },
    validate: zod4Resolver(transactionFormSchema),
  });
  const type = form.values.type;
  const options = (categories.data ?? [])
    .filter((c) => c.type === type)
    .map((c) => ({ value: String(c.id), label: c.name }));

  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };

  const submit = form.onSubmit((v) => {
    setError(null);
    const income = v.type === 'income';
    const amount = checkAmountText(v.amount);
    if (!amount.ok) return;
    send(
      {
        amount: amount.cents,
        type: v.type,
        category_id: Number(v.category_id),
        description: v.description.trim(),
        // Only an admin dates an entry; unchanged it is "now", which the server takes itself.
        transaction_date:
          isAdmin && v.transaction_date !== preset ? new Date(v.transaction_date).toISOString() : undefined,
        invoice_number: v.invoice_number.trim() || undefined,
        customer_id: income && v.customer_id ? Number(v.customer_id) : undefined,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('cashbook.add.success') });
          close();
        },
        onError: (e) => {
          // Each refused field's message at its field; only what names no field above the form.
          const fields = fieldErrorsOf(e);
          if (Object.keys(fields).length) form.setErrors(fields);
          else setError(errorMessage(e, t('cashbook.add.error')));
        },
      },
    );
  });

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      returnFocus={false}
      opened={opened}
      onClose={busy ? () => {} : close}
      title={t('cashbook.add.title')}
      size="lg"
      data-testid="cashbook-add-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" data-testid="cashbook-add-error">
              {error}
            </Alert>
          )}
          <SegmentedControl
            aria-label={t('cashbook.fields.type')}
            data={[
              { value: 'income', label: t('cashbook.type.income') },
              { value: 'expense', label: t('cashbook.type.expense') },
            ]}
            value={type}
            onChange={(v) => {
              form.setFieldValue('type', v as CashbookType);
              form.setFieldValue('category_id', '');
              if (v === 'expense') form.setFieldValue('customer_id', '');
            }}
            data-testid="cashbook-add-type"
          />
          <TextInput
            label={t('cashbook.fields.amountEuro')}
            required
            inputMode="decimal"
            placeholder="12,50"
            {...inputProps(form, 'amount')}
            dir="ltr"
            data-testid="cashbook-add-amount"
          />
          <Select
            label={t('cashbook.fields.category')}
            required
            data={options}
            placeholder={options.length ? undefined : t('cashbook.add.noCategories')}
            {...inputProps(form, 'category_id')}
            data-testid="cashbook-add-category"
          />
          <Textarea
            label={t('cashbook.fields.description')}
            required
            autosize
            minRows={2}
            {...withTextLimit(inputProps(form, 'description'), CASHBOOK_DESCRIPTION_MAX, COMMON_MSG.descriptionTooLong)}
            data-testid="cashbook-add-description"
          />
          <DateInput
            withTime
            label={t('cashbook.fields.date')}
            required
            disabled={!isAdmin}
            description={isAdmin ? undefined : t('cashbook.add.dateLocked')}
            {...inputProps(form, 'transaction_date')}
            data-testid="cashbook-add-date"
          />
          {type === 'income' && (
            <>
              <TextInput
                label={t('cashbook.fields.invoiceNumber')}
                required
                {...withTextLimit(
                  inputProps(form, 'invoice_number'),
                  CASHBOOK_INVOICE_MAX,
                  CASHBOOK_MSG.invoiceTooLong,
                )}
                data-testid="cashbook-add-invoice"
              />
              <CustomerPicker
                label={t('cashbook.add.customer')}
                minLength={CUSTOMER_SEARCH_MIN}
                search={customers.search}
                queryKey={customers.queryKey}
                placeholder={t('cashbook.add.customerPlaceholder', { min: CUSTOMER_SEARCH_MIN })}
                tooShortText={t('cashbook.add.customerMin', { min: CUSTOMER_SEARCH_MIN })}
                failedText={t('cashbook.add.customerError')}
                error={resolveFailed ? t('cashbook.add.customerError') : undefined}
                unavailableText={!searchable ? t('cashbook.add.customerUnavailable') : undefined}
                onChange={(hit) => {
                  // A chosen hit is resolved to the customer's id; editing the text clears the choice.
                  setResolveFailed(false);
                  form.setFieldValue('customer_id', '');
                  if (!hit) return;
                  resolveCustomer(hit.kundennummer)
                    .then((c) => form.setFieldValue('customer_id', String(c.id)))
                    .catch(() => setResolveFailed(true));
                }}
                data-testid="cashbook-customer-search"
              />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="cashbook-add-submit">
              {t('cashbook.add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
