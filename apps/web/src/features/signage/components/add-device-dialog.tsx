import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { activateByCodeSchema, SIGNAGE_DEVICE_NAME_MAX, SIGNAGE_MSG, type SignageCustomerHit } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputProps } from '../../../components/field-error';
import { withTextLimit } from '../../../components/text-limit';
import { errorCode, errorMessage, fieldErrorsOf } from '../../../lib/errors';
import { notifications } from '../../../lib/toasts';
import { translateMessage } from '../../../lib/translate-message';
import { useActivateByCode } from '../api/activate-by-code';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { CustomerPicker } from './customer-picker';

/**
 * "Gerät hinzufügen": the six digits the new screen shows, the customer it plays for and, if wanted,
 * its name; one call finds the pending screen and activates it. The form checks with the server's own
 * schema (`activateByCodeSchema`: spaces and dashes in the code ignored), and each refusal, the form's
 * or the server's, is shown at its field (a wrong code at the code); only what belongs to no field
 * (too many tries) above the buttons. `code` fills the code in (the screen's QR code opens the devices
 * page with `?code=`).
 */
export function AddDeviceDialog({ onClose, code = '' }: { onClose: () => void; code?: string }) {
  const { t } = useTranslation();
  const [customer, setCustomer] = useState<SignageCustomerHit | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const add = useActivateByCode();
  const sending = useOneAtATime();
  const form = useForm({
    mode: 'controlled',
    initialValues: { activation_code: code, customer_id: null as number | null, device_name: '' },
    validate: zod4Resolver(activateByCodeSchema),
    onValuesChange: () => setFailure(null),
  });

  const submit = form.onSubmit(
    (values) =>
      void sending.run(() =>
        add.mutateAsync(
          {
            activation_code: values.activation_code,
            customer_id: values.customer_id ?? 0,
            device_name: values.device_name || undefined,
          },
          {
            onSuccess: (device) => {
              notifications.show({
                color: 'green',
                message: t('signage.addDevice.done', { name: device.device_name ?? `#${device.device_id}` }),
              });
              onClose();
            },
            onError: (e) => {
              const fields = fieldErrorsOf(e);
              // A code no screen shows has no field list: it belongs at the code.
              if (errorCode(e) === SIGNAGE_MSG.codeWrong.code && !fields.activation_code)
                fields.activation_code = errorMessage(e, '');
              if (Object.keys(fields).length > 0) form.setErrors(fields);
              else setFailure(errorMessage(e, translateMessage(SIGNAGE_MSG.verifyFailed)));
            },
          },
        ),
      ),
  );

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={add.isPending ? () => {} : onClose}
      title={t('signage.addDevice.title')}
      centered
      data-testid="add-device-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('signage.activation.code')}
            description={t('signage.activation.codeHint')}
            {...inputProps(form, 'activation_code')}
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            required
            data-autofocus
            data-testid="add-device-code"
          />
          <CustomerPicker
            label={t('signage.devices.customer')}
            value={customer}
            onChange={(c) => {
              setCustomer(c);
              form.setFieldValue('customer_id', c?.id ?? null);
            }}
            error={inputProps(form, 'customer_id').error}
          />
          <TextInput
            label={t('signage.addDevice.name')}
            {...withTextLimit(
              { ...inputProps(form, 'device_name'), description: t('signage.addDevice.nameHint') },
              SIGNAGE_DEVICE_NAME_MAX,
              SIGNAGE_MSG.deviceNameTooLong,
            )}
            data-testid="add-device-name"
          />
          {failure && (
            <Alert color="red" data-testid="add-device-error">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={add.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending} data-testid="add-device-submit">
              {t('signage.addDevice.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
