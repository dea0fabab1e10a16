import { Alert, Anchor, Badge, Button, Card, CloseButton, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AUDIT_SUBJECTS, type AuditFilter, type AuditRow, type AuditSubject } from '@portal/shared';
import { DataTable } from '../../components/data-table';
import { DateInput, INVALID_DATE } from '../../components/date-input';
import { Bidi, Ltr } from '../../components/ltr';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { CollapsibleFilters } from '../../components/collapsible-filters';
import { AuditChanges, actorLabel } from '../../components/audit-trail/audit-trail-list';
import { errorMessage } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { useKeysetPaging } from '../../lib/use-paging';
import { urlParam, useUrlFilters } from '../../lib/use-url-filters';
import { useAuditEntries } from './api/list-audit-entries';
import { downloadAuditCsv } from './api/export-audit-entries';
import { useAuditVerification } from './api/verify-audit-trail';

const day = (): ((raw: string | null) => string) => (raw) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : '');

/** The screen's filters live in the address: a link to "everything Anna did on 3 May" stays that. */
const AUDIT_FILTERS = {
  actor: urlParam.id(),
  kind: urlParam.oneOf(['', ...AUDIT_SUBJECTS] as const, ''),
  subject: urlParam.id(),
  customer: urlParam.id(),
  action: urlParam.text(),
  from: day(),
  to: day(),
};
const RESETTABLE = ['actor', 'kind', 'subject', 'customer', 'action', 'from', 'to'] as const;

/** Where a subject is worked on: its screen, where it has one. */
export function subjectPath(kind: string | null, id: number | null): string | null {
  if (id === null) return null;
  switch (kind as AuditSubject | null) {
    case 'task':
      return `/agent-dashboard/tasks/${id}`;
    case 'customer':
      return `/agent-dashboard/customers/${id}`;
    case 'rksv_order':
      return `/agent-dashboard/rksvorders?order=${id}`;
    case 'rksv_card':
      return `/agent-dashboard/rksvactivations?card=${id}`;
    case 'signage_device':
      return `/agent-dashboard/ds/devices?device=${id}`;
    case 'insolvency':
      return `/agent-dashboard/insolvency?case=${id}`;
    case 'cashbook_entry':
      return `/agent-dashboard/cashbook/transactions?entry=${id}`;
    default:
      return null;
  }
}

/**
 * /agent-dashboard/audit (admin, issue 34): the staff audit trail, newest first, filtered by actor,
 * subject, action and days; a click on a name or a subject filters by it; the filtered rows as CSV;
 * the hash chain checked on demand.
 */
export default function AuditPage() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { values, setParam, reset } = useUrlFilters(AUDIT_FILTERS);
  const filters = useMemo<AuditFilter>(
    () => ({
      actor_id: values.actor,
      subject_kind: values.kind || undefined,
      subject_id: values.kind ? values.subject : undefined,
      customer_id: values.customer,
      action: values.action.trim() || undefined,
      from: values.from || undefined,
      to: values.to || undefined,
    }),
    [values],
  );
  const { cursor, paging } = useKeysetPaging<number>(JSON.stringify(filters));
  const list = useAuditEntries({ ...filters, cursor });
  const [action, setAction] = useState(values.action);
  const commitAction = useDebouncedCallback((v: string) => setParam('action', v.trim() || null), 300);
  const [verifying, setVerifying] = useState(false);
  const verify = useAuditVerification(verifying);
  const [exportError, setExportError] = useState<unknown>(null);
  const [exporting, setExporting] = useState(false);
  const actorName = list.data?.items.find((r) => r.actor_id === values.actor)?.actor_name;

  const setDay = (name: 'from' | 'to') => (v: string) => {
    if (v === '' || v !== INVALID_DATE) setParam(name, v || null);
  };
  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadAuditCsv(filters);
    } catch (e) {
      setExportError(e);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack>
      <PageHeader title={t('audit.title')}>
        <Button
          variant="default"
          leftSection={<IconShieldCheck size={16} />}
          loading={verify.isFetching}
          onClick={() => (verifying ? void verify.refetch() : setVerifying(true))}
          data-testid="audit-verify"
        >
          {t('audit.verify.button')}
        </Button>
        <Button
          leftSection={<IconDownload size={16} />}
          loading={exporting}
          onClick={() => void exportCsv()}
          data-testid="audit-export"
        >
          {t('audit.export')}
        </Button>
      </PageHeader>
      {verify.data && (
        <Alert
          color={verify.data.ok ? 'green' : 'red'}
          role="status"
          data-testid="audit-verify-result"
          data-ok={verify.data.ok}
        >
          {verify.data.ok
            ? t('audit.verify.ok', { count: verify.data.checked })
            : t('audit.verify.broken', {
                seq: verify.data.firstBroken!.seq,
                at: fmt.dateTime(verify.data.firstBroken!.at),
                reason: t(`audit.verify.reason.${verify.data.firstBroken!.reason}`),
              })}
        </Alert>
      )}
      {verify.isError && <Alert color="red">{errorMessage(verify.error, t('audit.errors.verify'))}</Alert>}
      {exportError !== null && <Alert color="red">{errorMessage(exportError, t('audit.errors.export'))}</Alert>}
      <CollapsibleFilters id="audit-filters" active={Object.values(filters).filter((v) => v !== undefined).length}>
        <Card withBorder>
          <Group align="flex-end" wrap="wrap">
            <DateInput
              label={t('audit.filters.from')}
              value={values.from}
              onChange={setDay('from')}
              w={170}
              data-testid="audit-filter-from"
            />
            <DateInput
              label={t('audit.filters.to')}
              value={values.to}
              onChange={setDay('to')}
              w={170}
              data-testid="audit-filter-to"
            />
            <Select
              label={t('audit.filters.subject')}
              data={AUDIT_SUBJECTS.map((k) => ({ value: k, label: t(`kit.auditTrail.subjects.${k}`) }))}
              value={values.kind || null}
              onChange={(v) => {
                setParam('subject', null);
                setParam('kind', v);
              }}
              clearable
              searchable
              placeholder={t('audit.filters.allSubjects')}
              w={220}
              data-testid="audit-filter-kind"
            />
            <TextInput
              label={t('audit.filters.action')}
              value={action}
              onChange={(e) => {
                const v = e.currentTarget.value.slice(0, 60);
                setAction(v);
                commitAction(v);
              }}
              maxLength={60}
              w={200}
              data-testid="audit-filter-action"
            />
            <Button
              variant="subtle"
              onClick={() => {
                setAction('');
                reset([...RESETTABLE]);
              }}
            >
              {t('audit.filters.reset')}
            </Button>
          </Group>
          <Group gap="xs" mt="xs">
            {values.actor !== undefined && (
              <FilterChip
                label={t('audit.filters.actorIs', { name: actorName ?? `#${values.actor}` })}
                onClear={() => setParam('actor', null)}
              />
            )}
            {values.kind && values.subject !== undefined && (
              <FilterChip
                label={`${t(`kit.auditTrail.subjects.${values.kind}`)} #${values.subject}`}
                onClear={() => setParam('subject', null)}
              />
            )}
            {values.customer !== undefined && (
              <FilterChip
                label={t('audit.filters.customerIs', { id: values.customer })}
                onClear={() => setParam('customer', null)}
              />
            )}
          </Group>
        </Card>
      </CollapsibleFilters>
      {list.isError ? (
        <LoadError fallback={t('audit.errors.load')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <DataTable<AuditRow>
          caption={t('audit.title')}
          rows={list.data?.items}
          loading={list.isLoading}
          rowKey={(r) => r.seq}
          emptyText={t('audit.empty')}
          data-testid="audit-rows"
          paging={paging(list.data?.nextCursor)}
          columns={[
            { key: 'seq', header: t('audit.fields.seq'), cell: (r) => <Ltr>{r.seq}</Ltr> },
            { key: 'at', header: t('audit.fields.at'), cell: (r) => <Ltr>{fmt.dateTime(r.at)}</Ltr> },
            {
              key: 'actor',
              header: t('audit.fields.actor'),
              cell: (r) =>
                r.actor_id !== null ? (
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() => setParam('actor', String(r.actor_id))}
                    data-testid="audit-actor"
                  >
                    <Bidi>{actorLabel(r, t)}</Bidi>
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    {actorLabel(r, t)}
                  </Text>
                ),
            },
            {
              key: 'action',
              header: t('audit.fields.action'),
              cell: (r) => (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => {
                    setAction(r.action);
                    setParam('action', r.action);
                  }}
                >
                  <Ltr>{r.action}</Ltr>
                </Anchor>
              ),
            },
            {
              key: 'subject',
              header: t('audit.fields.subject'),
              cell: (r) => (
                <Subject
                  row={r}
                  onFilter={(kind, id) => {
                    setParam('kind', kind);
                    setParam('subject', String(id));
                  }}
                />
              ),
            },
            {
              key: 'changes',
              header: t('audit.fields.changes'),
              cell: (r) => <AuditChanges changes={r.changes} redacted={r.redacted} />,
            },
            { key: 'ip', header: t('audit.fields.ip'), cell: (r) => <Ltr>{r.ip ?? ''}</Ltr> },
          ]}
        />
      )}
    </Stack>
  );
}

function FilterChip({ label, onClear }: { label: string; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      size="lg"
      style={{ textTransform: 'none' }}
      rightSection={<CloseButton size="xs" onClick={onClear} aria-label={t('audit.filters.remove', { label })} />}
      data-testid="audit-filter-chip"
    >
      {label}
    </Badge>
  );
}

/** The subject: its kind and number, a link to its screen, and a button that filters by it. */
function Subject({ row, onFilter }: { row: AuditRow; onFilter: (kind: string, id: number) => void }) {
  const { t } = useTranslation();
  if (!row.subject_kind) return null;
  const label = t(`kit.auditTrail.subjects.${row.subject_kind}`);
  const to = subjectPath(row.subject_kind, row.subject_id);
  return (
    <Stack gap={0}>
      <Text size="sm">
        {label}
        {row.subject_id !== null && (
          <>
            {' '}
            {to ? (
              <Anchor component={Link} to={to} size="sm" data-testid="audit-subject-link">
                <Ltr>#{row.subject_id}</Ltr>
              </Anchor>
            ) : (
              <Ltr>#{row.subject_id}</Ltr>
            )}
          </>
        )}
      </Text>
      {row.subject_id !== null && (
        <Anchor component="button" type="button" size="xs" onClick={() => onFilter(row.subject_kind!, row.subject_id!)}>
          {t('audit.filters.onlyThis')}
        </Anchor>
      )}
    </Stack>
  );
}
