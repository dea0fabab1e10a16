import { Alert, Button, Group, Modal, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AMOUNT_PROBLEM_MSG,
  CASHBOOK_MSG,
  CASHBOOK_NOTES_MAX,
  checkAmountText,
  formatMoney,
  type CashbookClosing,
} from '@portal/shared';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { Ltr } from '../../components/ltr';
import { Money } from '../../components/money';
import { withTextLimit } from '../../components/text-limit';
import { notifications } from '../../lib/toasts';
import { translateMessage } from '../../lib/translate-message';
import { useCreateClosing } from './api/create-closing';
import { useClosingPreview } from './api/preview-closing';
import { formatMonthNumeric } from '../../lib/format';
import { useOffsetPaging } from '../../lib/use-paging';
import { CLOSINGS_PAGE, useClosings } from './api/get-closings';
import { errorMessage, fieldErrorsOf, hasStatus } from '../../lib/errors';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { useSendOnce } from '../../lib/use-send-once';
import { ListSkeleton } from '../../components/list-skeleton';

const monthLabel = formatMonthNumeric;

/** One figure of the preview: its label and the amount as the server computed it. */
function Figure({
  label,
  cents,
  testId,
  strong,
}: {
  label: string;
  cents: number | null;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={strong ? 700 : 500}>
        {label}
      </Table.Th>
      <Table.Td ta="end" fw={strong ? 700 : undefined} data-testid={testId}>
        {cents === null ? '–' : <Money cents={cents} />}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Closing a month you cannot get wrong: only the month that can be closed is offered (the server's
 * preview names it), the figures shown are the server's (opening balance, income, expenses, closing
 * balance, counted cash, difference), and a difference other than zero needs a second confirmation
 * naming the amount. The figures shown go along with the closing: if anything was booked meanwhile,
 * the server refuses instead of storing other figures than the ones confirmed.
 */
function ClosingDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateClosing();
  const { send, busy } = useSendOnce(create);
  const [physical, setPhysical] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const counted = checkAmountText(physical, 0);
  const [debounced] = useDebouncedValue(counted.ok ? counted.cents : undefined, 250);
  const offered = useClosingPreview({});
  const month = offered.data?.month;
  const preview = useClosingPreview({ month, physical_balance: debounced }, month !== undefined);
  const figures = preview.data?.month === month ? preview.data : undefined;
  const current = figures && counted.ok && figures.physical_balance === counted.cents ? figures : undefined;

  const physicalError = () => {
    if (counted.ok) return undefined;
    return counted.problem === 'required' || counted.problem === 'min'
      ? translateMessage(counted.problem === 'required' ? CASHBOOK_MSG.physicalRequired : CASHBOOK_MSG.physicalInvalid)
      : translateMessage(AMOUNT_PROBLEM_MSG[counted.problem]);
  };

  const save = () => {
    if (!month || !current) return;
    setConfirming(false);
    setError(null);
    send(
      {
        month,
        physical_balance: current.physical_balance!,
        notes: notes.trim() || undefined,
        opening_balance: current.opening_balance,
        total_income: current.total_income,
        total_expenses: current.total_expenses,
        closing_balance: current.closing_balance,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('cashbook.closing.success') });
          onClose();
        },
        onError: (e) => {
          const fields = fieldErrorsOf(e);
          if (Object.keys(fields).length) setFieldErrors(fields);
          else setError(errorMessage(e, t('cashbook.closing.error')));
          void preview.refetch();
        },
      },
    );
  };

  const submit = () => {
    const message = physicalError();
    setFieldErrors(message ? { physical_balance: message } : {});
    if (message || !current) return;
    if (notes.length > CASHBOOK_NOTES_MAX) return;
    if (current.difference !== 0) setConfirming(true);
    else save();
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      returnFocus={false}
      opened
      onClose={busy ? () => {} : onClose}
      title={t('cashbook.closing.add')}
      data-testid="cashbook-closing-dialog"
    >
      {offered.isError ? (
        <Stack>
          <Alert color={hasStatus(offered.error, 409) ? 'blue' : 'red'} data-testid="cashbook-closing-none">
            {errorMessage(offered.error, t('cashbook.errors.load'))}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      ) : !month ? (
        <ListSkeleton rows={3} />
      ) : (
        <Stack>
          <Text size="sm" c="dimmed">
            {t('cashbook.closing.explain')}
          </Text>
          {error && (
            <Alert color="red" data-testid="cashbook-closing-error">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('cashbook.fields.month')}
            description={t('cashbook.closing.onlyMonth')}
            readOnly
            value={monthLabel(month)}
            error={fieldErrors.month}
            dir="ltr"
            data-testid="cashbook-closing-month"
          />
          <TextInput
            label={t('cashbook.fields.physicalBalance')}
            required
            inputMode="decimal"
            placeholder="1234,56"
            dir="ltr"
            value={physical}
            onChange={(e) => {
              setPhysical(e.currentTarget.value);
              setFieldErrors({});
            }}
            error={fieldErrors.physical_balance}
            data-testid="cashbook-closing-physical"
          />
          <Textarea
            label={t('cashbook.fields.notes')}
            autosize
            minRows={2}
            {...withTextLimit(
              {
                value: notes,
                onChange: (e: React.ChangeEvent<HTMLTextAreaElement>) => setNotes(e.currentTarget.value),
                error: fieldErrors.notes,
              },
              CASHBOOK_NOTES_MAX,
              CASHBOOK_MSG.notesTooLong,
            )}
            data-testid="cashbook-closing-notes"
          />
          <Table
            captionSide="top"
            withRowBorders={false}
            verticalSpacing={4}
            data-testid="cashbook-closing-preview"
            aria-live="polite"
          >
            <Table.Caption>{t('cashbook.closing.previewCaption', { month: monthLabel(month) })}</Table.Caption>
            <Table.Tbody>
              <Figure
                label={t('cashbook.fields.openingBalance')}
                cents={figures?.opening_balance ?? null}
                testId="cashbook-preview-opening"
              />
              <Figure
                label={t('cashbook.overview.income')}
                cents={figures?.total_income ?? null}
                testId="cashbook-preview-income"
              />
              <Figure
                label={t('cashbook.overview.expenses')}
                cents={figures?.total_expenses ?? null}
                testId="cashbook-preview-expenses"
              />
              <Figure
                label={t('cashbook.fields.closingBalance')}
                cents={figures?.closing_balance ?? null}
                testId="cashbook-preview-closing"
                strong
              />
              <Figure
                label={t('cashbook.fields.physicalBalance')}
                cents={current?.physical_balance ?? null}
                testId="cashbook-preview-physical"
              />
              <Figure
                label={t('cashbook.fields.difference')}
                cents={current?.difference ?? null}
                testId="cashbook-preview-difference"
                strong
              />
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={submit}
              loading={busy}
              disabled={counted.ok && !current}
              data-testid="cashbook-closing-submit"
            >
              {t('cashbook.closing.save')}
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('cashbook.closing.confirmTitle')}
        text={t('cashbook.closing.confirmDifference', { amount: formatMoney(current?.difference ?? 0) })}
        confirmLabel={t('cashbook.closing.save')}
        destructive
        busy={busy}
        onConfirm={save}
        onCancel={() => setConfirming(false)}
      />
    </Modal>
  );
}

/** /agent-dashboard/cashbook/closing: the monthly closings with their difference, and the dialog for a new one. */
export default function CashbookClosingPage() {
  const { t } = useTranslation();
  const { offset, paging } = useOffsetPaging(CLOSINGS_PAGE);
  const closings = useClosings(offset);
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const closeDialog = () => {
    setAdding(false);
    // Back to the button that opened it (the dialog is gone before its own focus return would run).
    window.setTimeout(() => addButton.current?.focus(), 0);
  };
  return (
    <Stack>
      <PageHeader title={t('cashbook.closing.title')}>
        <Button
          ref={addButton}
          leftSection={<IconPlus size={16} />}
          onClick={() => setAdding(true)}
          data-testid="cashbook-closing-add"
        >
          {t('cashbook.closing.add')}
        </Button>
      </PageHeader>
      {closings.isError ? (
        <LoadError
          fallback={t('cashbook.errors.load')}
          error={closings.error}
          onRetry={() => void closings.refetch()}
        />
      ) : (
        <DataTable<CashbookClosing>
          caption={t('cashbook.closing.title')}
          rows={closings.data?.closings}
          loading={closings.isLoading}
          rowKey={(r) => r.id}
          emptyText={t('cashbook.closing.empty')}
          data-testid="cashbook-closings"
          paging={paging({ hasMore: Boolean(closings.data?.hasMore) })}
          columns={[
            { key: 'month', header: t('cashbook.fields.month'), cell: (r) => <Ltr>{monthLabel(r.month)}</Ltr> },
            {
              key: 'opening',
              header: t('cashbook.fields.openingBalance'),
              align: 'end',
              cell: (r) => <Money cents={r.opening_balance} />,
            },
            {
              key: 'income',
              header: t('cashbook.overview.income'),
              align: 'end',
              cell: (r) => <Money cents={r.total_income} />,
            },
            {
              key: 'expenses',
              header: t('cashbook.overview.expenses'),
              align: 'end',
              cell: (r) => <Money cents={r.total_expenses} />,
            },
            {
              key: 'closing',
              header: t('cashbook.fields.closingBalance'),
              align: 'end',
              cell: (r) => <Money cents={r.closing_balance} />,
            },
            {
              key: 'physical',
              header: t('cashbook.fields.physicalBalance'),
              align: 'end',
              cell: (r) => <Money cents={r.physical_balance} />,
            },
            {
              key: 'difference',
              header: t('cashbook.fields.difference'),
              align: 'end',
              cell: (r) => (
                <Text span fw={600} c={r.difference === 0 ? undefined : 'red.9'} size="sm">
                  <Money cents={r.difference} />
                </Text>
              ),
            },
            {
              key: 'notes',
              header: t('cashbook.fields.notes'),
              cell: (r) => (
                <>
                  {r.notes}
                  {r.created_by_name && (
                    <Text size="xs" c="dimmed">
                      {r.created_by_name}
                    </Text>
                  )}
                </>
              ),
            },
          ]}
        />
      )}
      {adding && <ClosingDialog onClose={closeDialog} />}
    </Stack>
  );
}
