import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RksvCampaignRemindAnswer, RksvCampaignRow } from '@portal/shared';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DateDisplay } from '../../components/date-display';
import { DateInput } from '../../components/date-input';
import { Ltr, UserText } from '../../components/ltr';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import { formatCount } from '../../lib/format';
import { useKeysetPaging } from '../../lib/use-paging';
import { useSendOnce } from '../../lib/use-send-once';
import { useUrlFilters } from '../../lib/use-url-filters';
import { downloadCampaignCsv } from './api/download-campaign-csv';
import { useRksvCampaign } from './api/get-campaign';
import { useCampaignCardTypes } from './api/get-card-types';
import { useRemindCampaign } from './api/remind-campaign';
import { CAMPAIGN_FILTERS, CAMPAIGN_RESETTABLE, campaignFilters } from './campaign-filters';

/**
 * /agent-dashboard/rksvexports (issue 32): renewal and replacement campaigns. Staff choose a card type
 * (one of the admins' list) and/or "gültig bis vor" a day (both in the address); the screen lists the
 * affected cards that are still in their life with their customers (keyset pages from the server) and
 * counts them, exports every card as CSV and, after a confirmation naming how many customers get a
 * mail, sends this campaign's reminder once per card; each row then shows when it was reminded.
 */
export default function CampaignPage() {
  const { t, i18n } = useTranslation();
  const { values, setParam, reset } = useUrlFilters(CAMPAIGN_FILTERS);
  const filters = campaignFilters(values);
  const key = JSON.stringify(filters);
  const { cursor, paging } = useKeysetPaging<string>(key);
  const campaign = useRksvCampaign({ ...filters, cursor }, filters !== null);
  const types = useCampaignCardTypes();
  const remind = useSendOnce(useRemindCampaign());
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ key: string; answer?: RksvCampaignRemindAnswer; error?: string } | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const shown = result?.key === key ? result : null;
  const data = filters ? campaign.data : undefined;
  const count = (n: number | undefined) => (n === undefined ? '–' : formatCount(n, i18n.language));

  const exportCsv = () => {
    if (!filters || exporting) return;
    setExportError(null);
    setExporting(true);
    void downloadCampaignCsv(filters)
      .catch((e: unknown) => setExportError(errorMessage(e, t('rksvCampaigns.exportFailed'))))
      .finally(() => setExporting(false));
  };
  const send = () => {
    if (!filters) return;
    remind.send(filters, {
      onSuccess: (answer) => {
        setConfirming(false);
        setResult({ key, answer });
      },
      onError: (e) => {
        setConfirming(false);
        setResult({ key, error: errorMessage(e, t('rksvCampaigns.remindFailed')) });
      },
    });
  };

  const columns: DataTableColumn<RksvCampaignRow>[] = [
    {
      key: 'company',
      header: t('rksvCampaigns.col.company'),
      cell: (r) => (
        <Stack gap={0}>
          <UserText size="sm" fw={500}>
            {r.companyname}
          </UserText>
          <Text size="xs" c="dimmed">
            <Ltr>{t('rksvCampaigns.orderNo', { id: r.order_id })}</Ltr>
          </Text>
        </Stack>
      ),
    },
    {
      key: 'email',
      header: t('rksvCampaigns.col.email'),
      cell: (r) => (
        <Anchor href={`mailto:${r.email}`} size="sm" onClick={(e) => e.stopPropagation()}>
          <Ltr>{r.email}</Ltr>
        </Anchor>
      ),
    },
    {
      key: 'serial',
      header: t('rksvCampaigns.col.serial'),
      cell: (r) => (r.serial_number ? <Ltr>{r.serial_number}</Ltr> : '–'),
    },
    {
      key: 'type',
      header: t('rksvCampaigns.col.type'),
      cell: (r) => (r.card_type ? <Ltr>{r.card_type}</Ltr> : '–'),
    },
    {
      key: 'validUntil',
      header: t('rksvCampaigns.col.validUntil'),
      cell: (r) => (r.valid_until ? <DateDisplay value={`${r.valid_until}T12:00:00Z`} /> : '–'),
    },
    {
      key: 'state',
      header: t('rksvCampaigns.col.state'),
      // The states' names are the rksv-orders area's (the order dialog and the deadline list show them too).
      cell: (r) => (
        <Text size="sm" data-testid="row-state" data-state={r.state}>
          {t(`rksvOrders.cardState.${r.state}`)}
        </Text>
      ),
    },
    {
      key: 'reminded',
      header: t('rksvCampaigns.col.reminded'),
      cell: (r) => (
        <Text size="sm" data-testid="row-reminded" data-reminded={r.reminded_at ?? ''}>
          {r.reminded_at ? <DateDisplay value={r.reminded_at} time /> : '–'}
        </Text>
      ),
    },
  ];

  const active = CAMPAIGN_RESETTABLE.filter((k) => Boolean(values[k])).length;
  const toRemind = data ? data.cards - data.reminded : 0;
  return (
    <Stack gap="md">
      <PageHeader
        title={t('rksvCampaigns.title')}
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={exportCsv}
              loading={exporting}
              disabled={!data || data.cards === 0}
              data-testid="campaign-csv"
            >
              {t('rksvCampaigns.exportCsv')}
            </Button>
            <Button
              leftSection={<IconMail size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
              disabled={!data || toRemind === 0}
              data-testid="campaign-remind"
            >
              {t('rksvCampaigns.remind')}
            </Button>
          </Group>
        }
      />
      <Text size="sm" c="dimmed">
        {t('rksvCampaigns.intro')}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('rksvCampaigns.filter.type')}
          data={[
            { value: '', label: t('rksvCampaigns.filter.anyType') },
            ...(types.data ?? []).map((ty) => ({ value: ty.name, label: ty.name })),
          ]}
          value={values.type}
          onChange={(v) => setParam('type', v || null)}
          allowDeselect={false}
          w={{ base: '100%', sm: 240 }}
          data-testid="campaign-type"
        />
        <DateInput
          label={t('rksvCampaigns.filter.validBefore')}
          value={values.before}
          onChange={(v) => setParam('before', v || null)}
          w={{ base: '100%', sm: 200 }}
          data-testid="campaign-before"
        />
        {active > 0 && (
          <Button variant="subtle" onClick={() => reset([...CAMPAIGN_RESETTABLE])}>
            {t('rksvCampaigns.filter.reset')}
          </Button>
        )}
      </Group>
      {filters === null ? (
        <Alert color="blue" data-testid="campaign-choose">
          {t('rksvCampaigns.choose')}
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 3 }} spacing="sm" maw={520}>
            {(
              [
                ['cards', data?.cards],
                ['customers', data?.customers],
                ['reminded', data?.reminded],
              ] as const
            ).map(([k, n]) => (
              <Paper key={k} withBorder p="sm" data-testid={`count-${k}`} data-count={n ?? ''}>
                <Text size="xs" c="dimmed">
                  {t(`rksvCampaigns.counts.${k}`)}
                </Text>
                <Text size="xl" fw={600}>
                  {count(n)}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          {shown?.answer && (
            <Alert color="green" data-testid="campaign-sent">
              {t('rksvCampaigns.sent', {
                mails: count(shown.answer.mails),
                cards: count(shown.answer.cards),
                before: count(shown.answer.before),
              })}
            </Alert>
          )}
          {shown?.error && (
            <Alert color="red" data-testid="campaign-sent-error">
              {shown.error}
            </Alert>
          )}
          {exportError && <Alert color="red">{exportError}</Alert>}
          <DataTable
            columns={columns}
            rows={data?.items}
            rowKey={(r) => r.card_id}
            caption={t('rksvCampaigns.title')}
            emptyText={t('rksvCampaigns.empty')}
            loading={campaign.isPending}
            error={campaign.isError}
            onRetry={() => void campaign.refetch()}
            paging={paging(data?.nextCursor, { showPage: false })}
            data-testid="rksv-campaign"
          />
        </>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('rksvCampaigns.confirmTitle')}
        text={t('rksvCampaigns.confirmText', { customers: count(data?.customers), cards: count(toRemind) })}
        confirmLabel={t('rksvCampaigns.confirmLabel')}
        busy={remind.busy}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
