import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cashbookAddMonths, cashbookMonthDays, cashbookMonthOf, cashbookToday } from '@portal/shared';
import { DateInput, INVALID_DATE } from '../../components/date-input';
import { downloadAuditPackage } from './api/download-audit-package';
import { downloadCsv } from './api/download-csv';
import { downloadMonthReport } from './api/download-month-report';
import { useVerify } from './api/verify';
import { errorMessage } from '../../lib/errors';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { formatMonthNumeric } from '../../lib/format';

const monthLabel = formatMonthNumeric;

/** /agent-dashboard/cashbook/reports: the CSV of a period, the PDF of a month, and the chain check's result. */
export default function CashbookReportsPage() {
  const { t } = useTranslation();
  const current = cashbookMonthOf(new Date());
  const [start, setStart] = useState(cashbookMonthDays(cashbookAddMonths(current, -1)).start);
  const [end, setEnd] = useState(cashbookToday());
  const months = Array.from({ length: 24 }, (_, i) => cashbookAddMonths(current, -i));
  const [month, setMonth] = useState<string | null>(cashbookAddMonths(current, -1));
  const [busy, setBusy] = useState<'csv' | 'zip' | 'pdf' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const verify = useVerify();
  const validPeriod = start && end && start !== INVALID_DATE && end !== INVALID_DATE && start <= end;

  const download = async (kind: 'csv' | 'zip' | 'pdf') => {
    setBusy(kind);
    setError(null);
    try {
      if (kind === 'csv') await downloadCsv(start ?? '', end ?? '');
      else if (kind === 'zip') await downloadAuditPackage(start ?? '', end ?? '');
      else await downloadMonthReport(month ?? '');
    } catch (e) {
      setError(errorMessage(e, t('cashbook.reports.error')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack>
      <PageHeader title={t('cashbook.reports.title')} />
      {error && (
        <Alert color="red" data-testid="cashbook-report-error">
          {error}
        </Alert>
      )}
      <Card withBorder>
        <Title order={2} size="h4">
          {t('cashbook.reports.chainTitle')}
        </Title>
        {verify.isError ? (
          <LoadError fallback={t('cashbook.errors.load')} error={verify.error} onRetry={() => void verify.refetch()} />
        ) : !verify.data ? (
          <Text size="sm" c="dimmed" mt="xs">
            {t('cashbook.reports.chainChecking')}
          </Text>
        ) : verify.data.ok ? (
          <Group gap="xs" mt="xs" data-testid="cashbook-chain-ok">
            <IconShieldCheck color="var(--mantine-color-teal-7)" aria-hidden />
            <Text size="sm">{t('cashbook.reports.chainOk', { n: verify.data.checked })}</Text>
          </Group>
        ) : (
          <Group gap="xs" mt="xs" data-testid="cashbook-chain-broken">
            <IconShieldX color="var(--mantine-color-red-7)" aria-hidden />
            <Text size="sm" c="red.8" fw={600}>
              {t('cashbook.reports.chainBroken', { seq: verify.data.firstBrokenSeq ?? 0 })}
            </Text>
          </Group>
        )}
        <Button variant="subtle" size="xs" mt="xs" onClick={() => void verify.refetch()} loading={verify.isFetching}>
          {t('cashbook.reports.chainAgain')}
        </Button>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4">
          {t('cashbook.reports.csvTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('cashbook.reports.csvText')}
        </Text>
        <Group align="flex-end">
          <DateInput
            label={t('cashbook.filters.from')}
            value={start}
            onChange={setStart}
            w={170}
            data-testid="cashbook-csv-start"
          />
          <DateInput
            label={t('cashbook.filters.to')}
            value={end}
            onChange={setEnd}
            w={170}
            data-testid="cashbook-csv-end"
          />
          <Button
            leftSection={<IconDownload size={16} />}
            disabled={!validPeriod}
            loading={busy === 'csv'}
            onClick={() => void download('csv')}
            data-testid="cashbook-csv-download"
          >
            {t('cashbook.reports.csvDownload')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            disabled={!validPeriod || busy !== null}
            loading={busy === 'zip'}
            onClick={() => void download('zip')}
            data-testid="cashbook-package-download"
          >
            {t('cashbook.reports.packageDownload')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          {t('cashbook.reports.packageText')}
        </Text>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4">
          {t('cashbook.reports.pdfTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('cashbook.reports.pdfText')}
        </Text>
        <Group align="flex-end">
          <Select
            label={t('cashbook.fields.month')}
            data={months.map((m) => ({ value: m, label: monthLabel(m) }))}
            value={month}
            onChange={setMonth}
            allowDeselect={false}
            w={170}
            data-testid="cashbook-pdf-month"
          />
          <Button
            leftSection={<IconDownload size={16} />}
            disabled={!month}
            loading={busy === 'pdf'}
            onClick={() => void download('pdf')}
            data-testid="cashbook-pdf-download"
          >
            {t('cashbook.reports.pdfDownload')}
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
