import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { SIGNAGE_MSG, type SignageCustomerHit } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorMessage, fieldErrorsOf } from '../../../lib/errors';
import { notifications } from '../../../lib/toasts';
import { translateMessage } from '../../../lib/translate-message';
import { useActivateByCode } from '../api/activate-by-code';
import { CustomerPicker } from './customer-picker';

type Field = 'activation_code' | 'customer_id' | 'device_name';

/**
 * "Gerät hinzufügen": the six digits the new screen shows, the customer it plays for and, if wanted,
 * its name; one call finds the pending screen and activates it. Each refusal is shown at its field
 * (a wrong code at the code); only what belongs to no field (too many tries) above the buttons.
 */
export function AddDeviceDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [customer, setCustomer] = useState<SignageCustomerHit | null>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const add = useActivateByCode();
  /** A field's error goes once the field is changed: what is shown is about what is there. */
  const edited = (field: Field) => setErrors(({ [field]: _gone, form: _form, ...rest }) => rest);

  const submit = () => {
    const digits = code.replace(/[\s-]+/g, '');
    const next: typeof errors = {};
    if (!digits) next.activation_code = translateMessage(SIGNAGE_MSG.codeRequired);
    else if (!/^\d{6}$/.test(digits)) next.activation_code = translateMessage(SIGNAGE_MSG.codeWrong);
    if (!customer) next.customer_id = translateMessage(SIGNAGE_MSG.customerRequired);
    setErrors(next);
    if (Object.keys(next).length > 0 || !customer || add.isPending) return;
    add.mutate(
      { activation_code: digits, customer_id: customer.id, device_name: name.trim() || undefined },
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
          setErrors(
            Object.keys(fields).length > 0
              ? fields
              : { form: errorMessage(e, translateMessage(SIGNAGE_MSG.verifyFailed)) },
          );
        },
      },
    );
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={add.isPending ? () => {} : onClose}
      title={t('signage.addDevice.title')}
      centered
      data-testid="add-device-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack>
          <TextInput
            label={t('signage.activation.code')}
            description={t('signage.activation.codeHint')}
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              edited('activation_code');
            }}
            error={errors.activation_code}
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
              edited('customer_id');
            }}
            error={errors.customer_id}
          />
          <TextInput
            label={t('signage.addDevice.name')}
            description={t('signage.addDevice.nameHint')}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              edited('device_name');
            }}
            error={errors.device_name}
            data-testid="add-device-name"
          />
          {errors.form && (
            <Alert color="red" data-testid="add-device-error">
              {errors.form}
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
