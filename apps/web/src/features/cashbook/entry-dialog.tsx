import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CASHBOOK_MSG, CASHBOOK_REASON_MAX, reverseTransactionSchema } from '@portal/shared';
import { Money } from '../../components/money';
import { withTextLimit } from '../../components/text-limit';
import { Ltr } from '../../components/ltr';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { translateMessage } from '../../lib/translate-message';
import { useTransaction } from './api/get-transaction';
import { useReverseTransaction } from './api/reverse-transaction';
import { EntryDate, EntryDescription, ReversalMark, TypeBadge } from './components';
import { useSendOnce } from '../../lib/use-send-once';
import { ListSkeleton } from '../../components/list-skeleton';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * One entry, opened from the list or a link (`?entry=<id>`): what it says, and, while it is neither a
 * reversal nor reversed, its reversal with a reason (a new entry with the amount negated; the original
 * stays as it is).
 */
export function EntryDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const entry = useTransaction(id);
  const reverse = useReverseTransaction();
  const { send, busy } = useSendOnce(reverse);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const e = entry.data;
  const reversible = e ? e.reverses_id === null && e.reversed_by_id === null : false;

  const submit = () => {
    if (!e) return;
    const parsed = reverseTransactionSchema.safeParse({ reason });
    if (!parsed.success) {
      setFieldError(translateMessage(parsed.error.issues[0]?.message ?? CASHBOOK_MSG.reasonRequired.code));
      return;
    }
    setFieldError(undefined);
    setError(null);
    send(
      { id: e.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('cashbook.reverse.success') });
          onClose();
        },
        onError: (err) => {
          const fields = fieldErrorsOf(err);
          if (fields.reason) setFieldError(fields.reason);
          else setError(errorMessage(err, t('cashbook.reverse.error')));
        },
      },
    );
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      returnFocus={false}
      opened
      onClose={busy ? () => {} : onClose}
      title={e ? t('cashbook.entry.title', { seq: e.seq }) : t('cashbook.entry.loading')}
      size="lg"
      data-testid="cashbook-entry-dialog"
    >
      {entry.isError ? (
        <Stack>
          <Alert color="red" data-testid="cashbook-entry-error">
            {errorMessage(entry.error, t('cashbook.errors.load'))}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      ) : !e ? (
        <ListSkeleton rows={4} />
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Fact label={t('cashbook.fields.date')}>
              <EntryDate value={e.transaction_date} />
            </Fact>
            <Fact label={t('cashbook.fields.amount')}>
              <Money cents={e.amount} />
            </Fact>
            <Fact label={t('cashbook.fields.type')}>
              <TypeBadge type={e.type} />
            </Fact>
            <Fact label={t('cashbook.fields.category')}>{e.category_name}</Fact>
            <Fact label={t('cashbook.fields.description')}>
              <EntryDescription entry={e} /> <ReversalMark entry={e} />
            </Fact>
            <Fact label={t('cashbook.fields.voucher')}>
              {[e.invoice_number, e.customer_name].filter(Boolean).join(' · ') || '–'}
            </Fact>
            <Fact label={t('cashbook.fields.user')}>{e.agent_name ?? '–'}</Fact>
            <Fact label={t('cashbook.entry.hash')}>
              <Ltr>
                <Text span size="xs" ff="monospace">
                  {e.hash.slice(0, 16)}…
                </Text>
              </Ltr>
            </Fact>
          </SimpleGrid>
          {reversible ? (
            <Stack gap="xs" data-testid="cashbook-reverse-dialog">
              <Text size="sm">{t('cashbook.reverse.explain')}</Text>
              {error && (
                <Alert color="red" data-testid="cashbook-reverse-error">
                  {error}
                </Alert>
              )}
              <Textarea
                label={t('cashbook.reverse.reason')}
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
                  CASHBOOK_REASON_MAX,
                  CASHBOOK_MSG.reasonTooLong,
                )}
                data-testid="cashbook-reverse-reason"
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose} disabled={busy}>
                  {t('common.cancel')}
                </Button>
                <Button color="red" onClick={submit} loading={busy} data-testid="cashbook-reverse-confirm">
                  {t('cashbook.reverse.confirm')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} data-autofocus>
                {t('common.close')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
