import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CASHBOOK_MSG,
  cashbookAddMonths,
  latestClosableMonth,
  parseAmountToCents,
  type CashbookClosing,
} from '@portal/shared';
import { DataTable } from '../../components/data-table';
import { Ltr } from '../../components/ltr';
import { Money } from '../../components/money';
import { notifications } from '../../lib/toasts';
import { translateMessage } from '../../lib/translate-message';
import { useCreateClosing } from './api/create-closing';
import { formatMonthNumeric } from '../../lib/format';
import { useOffsetPaging } from '../../lib/use-paging';
import { CLOSINGS_PAGE, useClosings } from './api/get-closings';
import { errorMessage } from '../../lib/errors';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';

/** Months the picker offers: the previous month and the 23 before it, newest first. */
const PICKER_MONTHS = 24;
const monthLabel = formatMonthNumeric;

function ClosingDialog({ opened, onClose, closed }: { opened: boolean; onClose: () => void; closed: Set<string> }) {
  const { t } = useTranslation();
  const create = useCreateClosing();
  const latest = latestClosableMonth(new Date());
  const months = Array.from({ length: PICKER_MONTHS }, (_, i) => cashbookAddMonths(latest, -i));
  const [month, setMonth] = useState<string | null>(months.find((m) => !closed.has(m)) ?? null);
  const [physical, setPhysical] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ month?: string; physical?: string }>({});
  const close = () => {
    setPhysical('');
    setNotes('');
    setError(null);
    setFieldErrors({});
    onClose();
  };
  const submit = () => {
    const cents = parseAmountToCents(physical);
    const errs = {
      month: !month
        ? translateMessage(CASHBOOK_MSG.monthRequired)
        : closed.has(month)
          ? translateMessage(CASHBOOK_MSG.monthAlreadyClosed)
          : undefined,
      physical:
        physical.trim() === ''
          ? translateMessage(CASHBOOK_MSG.physicalRequired)
          : cents === null
            ? translateMessage(CASHBOOK_MSG.physicalInvalid)
            : undefined,
    };
    setFieldErrors(errs);
    if (errs.month || errs.physical || !month || cents === null) return;
    setError(null);
    create.mutate(
      { month: `${month}-01`, physical_balance: cents, notes: notes.trim() || undefined },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('cashbook.closing.success') });
          close();
        },
        onError: (e) => setError(errorMessage(e, t('cashbook.closing.error'))),
      },
    );
  };
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={close}
      title={t('cashbook.closing.add')}
      data-testid="cashbook-closing-dialog"
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('cashbook.closing.explain')}
        </Text>
        {error && (
          <Alert color="red" data-testid="cashbook-closing-error">
            {error}
          </Alert>
        )}
        <Select
          label={t('cashbook.fields.month')}
          required
          data={months.map((m) => ({ value: m, label: monthLabel(m), disabled: closed.has(m) }))}
          value={month}
          onChange={setMonth}
          error={fieldErrors.month}
          data-testid="cashbook-closing-month"
        />
        <TextInput
          label={t('cashbook.fields.physicalBalance')}
          required
          inputMode="decimal"
          placeholder="1234,56"
          dir="ltr"
          value={physical}
          onChange={(e) => setPhysical(e.currentTarget.value)}
          error={fieldErrors.physical}
          data-testid="cashbook-closing-physical"
        />
        <Textarea
          label={t('cashbook.fields.notes')}
          maxLength={1000}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          data-testid="cashbook-closing-notes"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending} data-testid="cashbook-closing-submit">
            {t('cashbook.closing.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /agent-dashboard/cashbook/closing: the monthly closings with their difference, and the dialog for a new one. */
export default function CashbookClosingPage() {
  const { t } = useTranslation();
  const { offset, paging } = useOffsetPaging(CLOSINGS_PAGE);
  const closings = useClosings(offset);
  const [adding, setAdding] = useState(false);
  const closed = new Set((closings.data?.closings ?? []).map((c) => c.month.slice(0, 7)));
  return (
    <Stack>
      <PageHeader title={t('cashbook.closing.title')}>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="cashbook-closing-add">
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
      {adding && <ClosingDialog opened={adding} onClose={() => setAdding(false)} closed={closed} />}
    </Stack>
  );
}
