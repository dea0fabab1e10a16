import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceRow, SignageCustomerHit } from '@portal/shared';
import { useState } from 'react';
import { SIGNAGE_MSG, verifyActivationSchema } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { translateMessage } from '../../../lib/translate-message';
import { notifications } from '../../../lib/toasts';
import { assignCustomer } from '../api/assign-customer';
import { invalidateArea } from '../../../lib/calls';
import { verifyActivation } from '../api/verify-activation';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { CustomerPicker } from './customer-picker';

/** The code as the server takes it (spaces and dashes ignored): the one normalisation, shared. */
const codeField = verifyActivationSchema.shape.activation_code;

/**
 * Gives a device its customer or, in the activation mode, activates it for the chosen customer with
 * the code the screen shows (one call: the customer is set only when the code is right):
 * "Bitte wählen Sie einen Kunden aus" and "Bitte geben Sie einen Aktivierungscode ein" before the
 * call, then the server's `error` (a wrong code) or "Fehler bei der Aktivierungscode-Überprüfung".
 */
export function ActivationDialog({
  device,
  mode,
  onClose,
}: {
  device: DeviceRow;
  mode: 'activate' | 'customer';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [customer, setCustomer] = useState<SignageCustomerHit | null>(
    device.customer_id
      ? {
          id: device.customer_id,
          firma: device.customer_name ?? '',
          email: device.customer_email,
          stripe_cu_id: device.stripe_cu_id,
          kundennummer: '',
          name: null,
        }
      : null,
  );
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ customer?: string; code?: string; form?: string }>({});

  const sending = useOneAtATime();
  const save = useMutation({
    mutationFn: async (normalisedCode: string) => {
      // Activation: one call takes the customer with the code, so a wrong code leaves the device as it was.
      if (mode === 'activate') await verifyActivation(device.device_id, normalisedCode, customer?.id);
      else if (customer && customer.id !== device.customer_id) await assignCustomer(device.device_id, customer.id);
    },
    onSuccess: () => {
      void invalidateArea(qc, 'signage');
      notifications.show({
        color: 'green',
        message: mode === 'activate' ? t('signage.activation.done') : t('signage.activation.customerSaved'),
      });
      onClose();
    },
    onError: (e) => {
      void invalidateArea(qc, 'signage');
      // A wrong code: the server's message (its `error` field says the same), by its code in the
      // reader's language; anything else the spec's fallback.
      setErrors({ form: errorMessage(e, translateMessage(SIGNAGE_MSG.verifyFailed)) });
    },
  });

  const submit = () => {
    const next: typeof errors = {};
    if (!customer) next.customer = translateMessage(SIGNAGE_MSG.customerRequired);
    const parsed = codeField.safeParse(code);
    if (mode === 'activate' && !parsed.success)
      next.code = translateMessage(parsed.error.issues[0]?.message ?? SIGNAGE_MSG.codeRequired.code);
    setErrors(next);
    if (Object.keys(next).length === 0) void sending.run(() => save.mutateAsync(parsed.data ?? ''));
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={save.isPending ? () => {} : onClose}
      title={mode === 'activate' ? t('signage.activation.title') : t('signage.devices.assignCustomer')}
      centered
      data-testid="activation-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {device.device_name ?? t('signage.devices.unnamed', { id: device.device_id })}
          </Text>
          <CustomerPicker
            label={t('signage.devices.customer')}
            value={customer}
            onChange={setCustomer}
            error={errors.customer}
          />
          {mode === 'activate' && (
            <TextInput
              label={t('signage.activation.code')}
              description={t('signage.activation.codeHint')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={errors.code}
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
              data-testid="activation-code"
            />
          )}
          {device.activation_locked && mode === 'activate' && (
            <Alert color="orange">{translateMessage(SIGNAGE_MSG.codeLocked)}</Alert>
          )}
          {errors.form && (
            <Alert color="red" data-testid="activation-error">
              {errors.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="activation-submit">
              {mode === 'activate' ? t('signage.devices.activate') : t('signage.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
