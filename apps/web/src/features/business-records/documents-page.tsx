import { Button, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BusinessDocument } from '@portal/shared';
import { DataTable } from '../../components/data-table';
import { DateDisplay } from '../../components/date-display';
import { Bidi, Ltr } from '../../components/ltr';
import { errorMessage } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { downloadDocument } from './api/download-document';
import { DOCUMENTS_PAGE, useDocuments } from './api/get-documents';
import { fileSize, PageHeader } from './components';

/** /business-dashboard/documents: what staff shared with the customer, to download. */
export default function DocumentsPage() {
  const { t, i18n } = useTranslation();
  const [offset, setOffset] = useState(0);
  const q = useDocuments(offset);
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (d: BusinessDocument) => {
    setBusy(d.id);
    try {
      await downloadDocument(d.id, d.name);
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(e, t('records.documents.downloadError')) });
    } finally {
      setBusy(null);
    }
  };

  const total = q.data?.total ?? 0;
  return (
    <Stack>
      <PageHeader title={t('business.sections.documents')} />
      <Text c="dimmed" size="sm">
        {t('records.documents.intro')}
      </Text>
      <DataTable<BusinessDocument>
        caption={t('records.documents.caption')}
        emptyText={t('records.documents.empty')}
        rows={q.data?.items}
        rowKey={(d) => d.id}
        loading={q.isPending}
        error={q.isError}
        onRetry={() => void q.refetch()}
        columns={[
          {
            key: 'name',
            header: t('records.documents.name'),
            cell: (d) => (
              <Stack gap={0}>
                <Bidi>{d.name}</Bidi>
                {d.task_title && (
                  <Text size="xs" c="dimmed">
                    {t('records.documents.fromTask')} <Bidi>{d.task_title}</Bidi>
                  </Text>
                )}
              </Stack>
            ),
          },
          { key: 'date', header: t('records.documents.date'), cell: (d) => <DateDisplay value={d.created_at} /> },
          { key: 'size', header: t('records.documents.size'), cell: (d) => <Ltr>{fileSize(d.size, i18n.language)}</Ltr> },
          {
            key: 'download',
            header: t('records.documents.download'),
            align: 'end',
            cell: (d) => (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={busy === d.id}
                onClick={() => void download(d)}
                aria-label={`${t('records.documents.download')}: ${d.name}`}
                data-testid="document-download"
              >
                {t('records.documents.download')}
              </Button>
            ),
          },
        ]}
        paging={
          total > DOCUMENTS_PAGE
            ? {
                page: Math.floor(offset / DOCUMENTS_PAGE) + 1,
                hasPrevious: offset > 0,
                hasNext: offset + DOCUMENTS_PAGE < total,
                onPrevious: () => setOffset(Math.max(0, offset - DOCUMENTS_PAGE)),
                onNext: () => setOffset(offset + DOCUMENTS_PAGE),
              }
            : undefined
        }
      />
    </Stack>
  );
}
