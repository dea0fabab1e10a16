import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  ALL_DAYS,
  parseDays,
  SCHEDULE_DEFAULT_WINDOW,
  scheduleInputSchema,
  SIGNAGE_MSG,
  SIGNAGE_SCHEDULE_NAME_MAX,
  type ScheduleRow,
  type SignageCustomerHit,
} from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputProps } from '../../../components/field-error';
import { withTextLimit } from '../../../components/text-limit';
import { errorMessage, fieldErrorsOf } from '../../../lib/errors';
import { notifications } from '../../../lib/toasts';
import { translateMessage } from '../../../lib/translate-message';
import { useCreateSchedule } from '../api/create-schedule';
import { useUpdateSchedule } from '../api/update-schedule';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { CustomerPicker } from './customer-picker';
import { WEEKDAYS } from './days';
import { TimeField } from './time-field';

const customerHit = (s: ScheduleRow): SignageCustomerHit => ({
  id: s.customer_id,
  firma: s.customer_name,
  stripe_cu_id: s.stripe_customer_id,
  email: null,
  kundennummer: '',
  name: null,
});

/**
 * A schedule's name, customer, window (24 hours in every language) and weekdays. Checked with the
 * server's own schema (`scheduleInputSchema`): every failing field says so at itself, in the reader's
 * language, and so do the fields the server refuses (`errors[]`, an unknown customer at the customer).
 */
export function ScheduleDialog({ schedule, onClose }: { schedule: ScheduleRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [customer, setCustomer] = useState<SignageCustomerHit | null>(schedule ? customerHit(schedule) : null);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const busy = create.isPending || update.isPending;
  const sending = useOneAtATime();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      schedule_name: schedule?.schedule_name ?? '',
      // The spec's form sends the Stripe reference; customers without one go by their record id.
      stripe_customer_id: schedule?.stripe_customer_id ?? null,
      customer_id: schedule?.stripe_customer_id ? null : (schedule?.customer_id ?? null),
      start_time: schedule?.start_time ?? SCHEDULE_DEFAULT_WINDOW.start_time,
      end_time: schedule?.end_time ?? SCHEDULE_DEFAULT_WINDOW.end_time,
      days: schedule?.days_of_week ?? ALL_DAYS,
      status: schedule?.status ?? ('active' as 'active' | 'inactive'),
    },
    validate: zod4Resolver(scheduleInputSchema),
    onValuesChange: () => setFailure(null),
  });
  const customerError = form.errors.stripe_customer_id ?? form.errors.customer_id;

  const submit = form.onSubmit((values) =>
    void sending.run(() => {
      const callbacks = {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('signage.schedules.saved') });
          onClose();
        },
        onError: (e: Error) => {
          const fields = fieldErrorsOf(e);
          if (Object.keys(fields).length > 0) form.setErrors(fields);
          else setFailure(errorMessage(e, translateMessage(SIGNAGE_MSG.scheduleSaveFailed)));
        },
      };
      return schedule
        ? update.mutateAsync({ ...values, id: schedule.schedule_id }, callbacks)
        : create.mutateAsync(values, callbacks);
    }),
  );

  const days = inputProps(form, 'days');
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={busy ? () => {} : onClose}
      title={schedule ? t('signage.schedules.edit') : t('signage.schedules.new')}
      centered
      size="lg"
      data-testid="schedule-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('signage.schedules.name')}
            required
            {...withTextLimit(
              inputProps(form, 'schedule_name'),
              SIGNAGE_SCHEDULE_NAME_MAX,
              SIGNAGE_MSG.scheduleNameTooLong,
            )}
            data-autofocus
            data-testid="schedule-name"
          />
          <CustomerPicker
            label={t('signage.devices.customer')}
            value={customer}
            onChange={(c) => {
              setCustomer(c);
              form.setValues({
                stripe_customer_id: c?.stripe_cu_id ?? null,
                customer_id: c && !c.stripe_cu_id ? c.id : null,
              });
              form.clearFieldError('stripe_customer_id');
              form.clearFieldError('customer_id');
            }}
            error={customerError ? translateMessage(String(customerError)) : undefined}
          />
          <Group grow align="flex-start" wrap="wrap">
            <TimeField
              label={t('signage.schedules.start')}
              required
              {...inputProps(form, 'start_time')}
              miw={140}
              data-testid="schedule-start"
            />
            <TimeField
              label={t('signage.schedules.end')}
              required
              {...inputProps(form, 'end_time')}
              miw={140}
              data-testid="schedule-end"
            />
          </Group>
          <Checkbox.Group
            label={t('signage.schedules.days')}
            required
            value={parseDays(form.values.days).map(String)}
            onChange={(v) => form.setFieldValue('days', [...v].sort().join(','))}
            error={days.error}
            data-testid="schedule-days"
          >
            <Group gap="sm" mt={4}>
              {WEEKDAYS.map((d) => (
                <Checkbox key={d} value={String(d)} label={t(`signage.weekdays.${d}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Checkbox
            label={t('signage.schedules.active')}
            checked={form.values.status === 'active'}
            onChange={(e) => form.setFieldValue('status', e.currentTarget.checked ? 'active' : 'inactive')}
          />
          {failure && (
            <Alert color="red" data-testid="schedule-error">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="schedule-save">
              {t('signage.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
