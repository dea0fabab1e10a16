import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CASHBOOK_MSG, CASHBOOK_REASON_MAX, formatMoney, type CashbookTransaction } from '@portal/shared';
import { translateMessage } from '../../lib/translate-message';
import { notifications } from '../../lib/toasts';
import { useReverseTransaction } from './api/reverse-transaction';
import { errorMessage } from '../../lib/errors';

/** Reverses an entry with a reason (a new entry with the amount negated; the original stays as it is). */
export function ReverseDialog({ entry, onClose }: { entry: CashbookTransaction | null; onClose: () => void }) {
  const { t } = useTranslation();
  const reverse = useReverseTransaction();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!entry) return;
    if (!reason.trim()) {
      setError(translateMessage(CASHBOOK_MSG.reasonRequired));
      return;
    }
    reverse.mutate(
      { id: entry.id, reason: reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('cashbook.reverse.success') });
          close();
        },
        onError: (e) => setError(errorMessage(e, t('cashbook.reverse.error'))),
      },
    );
  };
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={entry !== null}
      onClose={close}
      title={t('cashbook.reverse.title')}
      data-testid="cashbook-reverse-dialog"
    >
      {entry && (
        <Stack>
          <Text size="sm">
            {t('cashbook.reverse.text', {
              seq: entry.seq,
              description: entry.description,
              amount: formatMoney(entry.amount),
            })}
          </Text>
          {error && (
            <Alert color="red" data-testid="cashbook-reverse-error">
              {error}
            </Alert>
          )}
          <Textarea
            label={t('cashbook.reverse.reason')}
            required
            maxLength={CASHBOOK_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="cashbook-reverse-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={submit} loading={reverse.isPending} data-testid="cashbook-reverse-confirm">
              {t('cashbook.reverse.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
