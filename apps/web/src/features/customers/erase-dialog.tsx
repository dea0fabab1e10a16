import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GDPR_MSG, GDPR_REASON_MAX, gdprEraseSchema, type GdprErasure } from '@portal/shared';
import { withTextLimit } from '../../components/text-limit';
import { Bidi } from '../../components/ltr';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { translateMessage } from '../../lib/translate-message';
import { useSendOnce } from '../../lib/use-send-once';
import { useEraseCustomer } from './api/erase-customer';

/**
 * "Löschen (DSGVO)": the confirmation before a customer's personal data is erased for good, with the
 * reason it requires (refused at the field, in the reader's language, before anything is sent). Cancel
 * has the focus; the red button erases and hands the answer (what went, what is kept until when) up.
 */
export function EraseDialog({
  customer,
  onErased,
  onClose,
}: {
  customer: { id: number; firma: string };
  onErased: (answer: GdprErasure) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const erase = useEraseCustomer();
  const { send, busy } = useSendOnce(erase);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  const submit = () => {
    const parsed = gdprEraseSchema.safeParse({ reason });
    if (!parsed.success) {
      setFieldError(translateMessage(parsed.error.issues[0]?.message ?? GDPR_MSG.reasonRequired.code));
      field.current?.focus();
      return;
    }
    setFieldError(undefined);
    setError(null);
    send(
      { id: customer.id, reason: parsed.data.reason },
      {
        onSuccess: (answer) => onErased(answer),
        onError: (err) => {
          const fields = fieldErrorsOf(err);
          if (fields.reason) {
            setFieldError(fields.reason);
            field.current?.focus();
          } else setError(errorMessage(err, t('customers.gdpr.dialog.failed')));
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={busy ? () => {} : onClose}
      title={t('customers.gdpr.dialog.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
      data-testid="erase-dialog"
    >
      <Stack gap="sm">
        <Text fw={700}>
          <Bidi>{customer.firma}</Bidi>
        </Text>
        <Text size="sm">{t('customers.gdpr.dialog.text')}</Text>
        {error && (
          <Alert color="red" role="alert" data-testid="erase-error">
            {error}
          </Alert>
        )}
        <Textarea
          ref={field}
          label={t('customers.gdpr.dialog.reason')}
          placeholder={t('customers.gdpr.dialog.reasonHint')}
          required
          autosize
          minRows={2}
          {...withTextLimit(
            {
              value: reason,
              onChange: (ev: React.ChangeEvent<HTMLTextAreaElement>) => {
                setReason(ev.currentTarget.value);
                setFieldError(undefined);
              },
              error: fieldError,
            },
            GDPR_REASON_MAX,
            GDPR_MSG.reasonTooLong,
          )}
          data-testid="erase-reason"
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={submit} loading={busy} data-testid="erase-confirm">
            {t('customers.gdpr.dialog.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
