import { Box, Button, Card, Group, Stack, Text } from '@mantine/core';
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
import { useOffsetPaging } from '../../lib/use-paging';
import { DOCUMENTS_PAGE, useDocuments } from './api/get-documents';
import { fileSize, ListState, CardPager } from './components';
import { PageHeader } from '../../components/page-header';

function DownloadButton({ doc, busy, onClick }: { doc: BusinessDocument; busy: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      onClick={onClick}
      aria-label={`${t('records.documents.download')}: ${doc.name}`}
      data-testid="document-download"
    >
      {t('records.documents.download')}
    </Button>
  );
}

/** /business-dashboard/documents: what staff shared with the customer, to download (cards on a phone). */
export default function DocumentsPage() {
  const { t, i18n } = useTranslation();
  const { offset, paging: pagingOf } = useOffsetPaging(DOCUMENTS_PAGE);
  const q = useDocuments(offset);
  const paging = pagingOf(q.data);
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
      <Stack hiddenFrom="sm" gap="sm">
        <ListState
          loading={q.isPending}
          error={q.isError}
          onRetry={() => void q.refetch()}
          empty={q.data?.items.length === 0}
          emptyText={t('records.documents.empty')}
        />
        {q.data?.items.map((d) => (
          <Card key={d.id} withBorder padding="sm" data-testid="document-card">
            <Stack gap={4}>
              <Text fw={600}>
                <Bidi>{d.name}</Bidi>
              </Text>
              {d.task_title && (
                <Text size="xs" c="dimmed">
                  {t('records.documents.fromTask')} <Bidi>{d.task_title}</Bidi>
                </Text>
              )}
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" c="dimmed">
                  <DateDisplay value={d.created_at} /> · <Ltr>{fileSize(d.size, i18n.language)}</Ltr>
                </Text>
                <DownloadButton doc={d} busy={busy === d.id} onClick={() => void download(d)} />
              </Group>
            </Stack>
          </Card>
        ))}
        {total > DOCUMENTS_PAGE && <CardPager paging={paging} />}
      </Stack>
      <Box visibleFrom="sm">
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
            {
              key: 'size',
              header: t('records.documents.size'),
              cell: (d) => <Ltr>{fileSize(d.size, i18n.language)}</Ltr>,
            },
            {
              key: 'download',
              header: t('records.documents.download'),
              align: 'end',
              cell: (d) => <DownloadButton doc={d} busy={busy === d.id} onClick={() => void download(d)} />,
            },
          ]}
          paging={total > DOCUMENTS_PAGE ? paging : undefined}
        />
      </Box>
    </Stack>
  );
}
