import { Alert, Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BusinessInvoice } from '@portal/shared';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DateDisplay } from '../../components/date-display';
import { Ltr } from '../../components/ltr';
import { Money } from '../../components/money';
import { errorMessage } from '../../lib/errors';
import { downloadBusinessInvoice } from './api/download-invoice';
import { useBusinessInvoices } from './api/get-invoices';
import { ScreenTitle } from './parts';
import { useKeysetPaging } from '../../lib/use-paging';

/** The invoices of the customer's paid orders, each as a PDF download. */
export default function InvoicesPage() {
  const { t } = useTranslation();
  const { cursor, paging } = useKeysetPaging<number>();
  const list = useBusinessInvoices(cursor);
  const [error, setError] = useState<string | null>(null);
  const download = async (i: BusinessInvoice) => {
    setError(null);
    try {
      await downloadBusinessInvoice(i.number);
    } catch (e) {
      setError(errorMessage(e, t('businessData.downloadError')));
    }
  };
  const columns: DataTableColumn<BusinessInvoice>[] = [
    { key: 'number', header: t('businessData.col.invoice'), cell: (i) => <Ltr>{i.number}</Ltr> },
    { key: 'date', header: t('businessData.col.date'), cell: (i) => <DateDisplay value={i.issued_at} /> },
    {
      key: 'order',
      header: t('businessData.col.order'),
      // An order's invoice, or (issue 31) an emergency task's billed time.
      cell: (i) =>
        i.task_id !== null
          ? t('businessData.emergencyTaskNo', { id: i.task_id })
          : t('businessData.orderNo', { id: i.order_id }),
    },
    { key: 'total', header: t('businessData.col.total'), cell: (i) => <Money cents={i.total_amount} />, align: 'end' },
    {
      key: 'pdf',
      header: t('businessData.col.pdf'),
      cell: (i) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => void download(i)}
          // The visible "PDF" starts the spoken name (2.5.3 Label in Name), which also names the invoice.
          aria-label={`PDF – ${t('businessData.downloadInvoice', { number: i.number })}`}
          data-testid="invoice-download"
        >
          PDF
        </Button>
      ),
    },
  ];
  const title = t('business.sections.invoices');
  return (
    <Stack>
      <ScreenTitle>{title}</ScreenTitle>
      {error && <Alert color="red">{error}</Alert>}
      <DataTable
        columns={columns}
        rows={list.data?.invoices}
        rowKey={(i) => i.number}
        caption={title}
        emptyText={t('business.empty.invoices')}
        loading={list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        paging={paging(list.data?.nextCursor)}
        data-testid="business-invoices"
      />
    </Stack>
  );
}
