import { ActionIcon, Alert, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { insolvencyMonths, INSOLVENCY_MSG, type InsolvencyRow } from '@portal/shared';
import { errorMessage, clientError } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { translateMessage } from '../../lib/translate-message';
import { useSetInsolvencyMonth } from './api/set-insolvency-month';

const key = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** One month's invoice number: typed, saved with the check button or Enter. */
function MonthField({
  row,
  year,
  month,
  readOnly,
}: {
  row: InsolvencyRow;
  year: number;
  month: number;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const saved = row.months.find((m) => m.year === year && m.month === month)?.invoice_number ?? '';
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const save = useSetInsolvencyMonth();
  const label = `${String(month).padStart(2, '0')}/${year}`;
  const submit = () => {
    if (!value.trim()) {
      setError(translateMessage(INSOLVENCY_MSG.invoiceNumberRequired));
      return;
    }
    setError(undefined);
    save.mutate(
      { id: row.id, year, month, invoice_number: value },
      {
        onSuccess: (r) => notifications.show({ color: 'green', message: translateMessage(r.message, r.code) }),
        onError: (e) => setError(errorMessage(e, translateMessage(INSOLVENCY_MSG.monthError), clientError)),
      },
    );
  };
  return (
    <TextInput
      label={label}
      value={value}
      readOnly={readOnly}
      onChange={(e) => setValue(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') submit();
      }}
      error={error}
      placeholder={t('insolvency.months.placeholder')}
      data-testid={`insolvency-month-${key(year, month)}`}
      rightSection={
        readOnly ? null : (
          <ActionIcon
            variant={value !== saved ? 'filled' : 'subtle'}
            onClick={submit}
            loading={save.isPending}
            aria-label={t('insolvency.months.save', { month: label })}
            data-testid={`insolvency-month-save-${key(year, month)}`}
          >
            <IconCheck size={16} />
          </ActionIcon>
        )
      }
    />
  );
}

/** The month grid of a case: from its start month to its end (or the current) month, newest first. */
export function MonthGrid({ row, onClose }: { row: InsolvencyRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const months = row ? insolvencyMonths(row.start_date, row.end_date).reverse() : [];
  const readOnly = row?.status === 'permanently_closed';
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      size="xl"
      closeButtonProps={{ 'aria-label': t('insolvency.closeDialog') }}
      title={row ? t('insolvency.months.title', { company: row.company_name }) : ''}
      data-testid="insolvency-month-dialog"
    >
      {row && (
        <Stack>
          <Text size="sm" c="dimmed">
            {t('insolvency.months.intro')}
          </Text>
          {readOnly && <Alert color="gray">{t('insolvency.months.readOnly')}</Alert>}
          {months.length === 0 ? (
            <Text size="sm">{t('insolvency.months.none')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
              {months.map((m) => (
                <MonthField key={key(m.year, m.month)} row={row} year={m.year} month={m.month} readOnly={readOnly} />
              ))}
            </SimpleGrid>
          )}
          <Group justify="flex-end" />
        </Stack>
      )}
    </Modal>
  );
}
