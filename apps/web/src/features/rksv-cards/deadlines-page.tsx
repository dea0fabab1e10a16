import { Anchor, Button, Chip, Group, SegmentedControl, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_DEADLINE_KINDS, viennaDay, type RksvDeadlineList, type RksvDeadlineRow } from '@portal/shared';
import { CollapsibleFilters } from '../../components/collapsible-filters';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { Ltr, UserText } from '../../components/ltr';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../lib/auth-context';
import { formatCount } from '../../lib/format';
import { lazyNamed, preloadOnIntent } from '../../lib/lazy-page';
import { useOpenInUrl } from '../../lib/use-open-in-url';
import { useKeysetPaging } from '../../lib/use-paging';
import { useUrlFilters } from '../../lib/use-url-filters';
import { useRksvCardAgents } from './api/get-agents';
import { useRksvDeadlines } from './api/get-deadlines';
import { CardStateBadge } from './card-state-badge';
import { CardTypesEditor } from './card-types-editor';
import { DeadlineDue } from './deadline-due';
import {
  DEADLINE_FILTERS,
  DEADLINE_RESETTABLE,
  DUE_WINDOWS,
  kindKey,
  listFilters,
  type DeadlineFilterValues,
} from './deadline-filters';

const PAGE = 50;

/** The card's dialog (its forms and confirmations) loads on the first pointer or focus in the screen. */
const CardDialog = lazyNamed(
  () => import('./card-dialog'),
  (m) => m.CardDialog,
);
const PRELOAD = preloadOnIntent(CardDialog);

/**
 * /agent-dashboard/rksvactivations (issue 32): the staff's work list of the signature cards' legal
 * deadlines, most urgent first, served by keyset pages; kind (with its count), due window, agent
 * (admins) and search in the address. A row opens the card (`?card=<id>`); admins keep the card types
 * in a second tab.
 */
export default function DeadlinesPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const { values, setParam, reset } = useUrlFilters(DEADLINE_FILTERS);
  const cardInUrl = useOpenInUrl('card');
  const title = t('rksvCards.title');

  const list = (
    <DeadlineList values={values} setParam={setParam} reset={reset} isAdmin={isAdmin} openCard={cardInUrl.open} />
  );
  return (
    <Stack gap="md" {...PRELOAD}>
      <PageHeader title={title} />
      {isAdmin ? (
        <Tabs
          value={values.tab}
          onChange={(v) => setParam('tab', v === 'types' ? v : null)}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="deadlines" data-testid="tab-deadlines">
              {t('rksvCards.tabs.deadlines')}
            </Tabs.Tab>
            <Tabs.Tab value="types" data-testid="tab-types">
              {t('rksvCards.tabs.types')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="deadlines" pt="md">
            {list}
          </Tabs.Panel>
          <Tabs.Panel value="types" pt="md">
            <CardTypesEditor />
          </Tabs.Panel>
        </Tabs>
      ) : (
        list
      )}
      {values.card !== undefined && (
        <Suspense fallback={null}>
          <CardDialog cardId={values.card} isAdmin={isAdmin} onClose={cardInUrl.close} />
        </Suspense>
      )}
    </Stack>
  );
}

/** The kinds as chips, each with its count under the other filters ("1.000+" when the server stopped counting). */
function KindChips({
  value,
  onChange,
  data,
}: {
  value: DeadlineFilterValues['kind'];
  onChange: (kind: string | null) => void;
  data: RksvDeadlineList | undefined;
}) {
  const { t, i18n } = useTranslation();
  const count = (n: number | undefined, capped: boolean) =>
    n === undefined ? '' : ` · ${formatCount(n, i18n.language, capped)}`;
  const capped = data?.counts_capped ?? [];
  const all = data ? CARD_DEADLINE_KINDS.reduce((sum, k) => sum + (data.counts[k] ?? 0), 0) : undefined;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="rksv-kind-label">
        {t('rksvCards.filter.kind')}
      </Text>
      <Chip.Group multiple={false} value={value || 'all'} onChange={(v) => onChange(v === 'all' ? null : v)}>
        <Group gap={6} role="group" aria-labelledby="rksv-kind-label" data-testid="kind-chips">
          <Chip value="all" size="sm" data-testid="kind-all">
            {t('rksvCards.filter.all')}
            {count(all, capped.length > 0)}
          </Chip>
          {CARD_DEADLINE_KINDS.map((k) => (
            <Chip key={k} value={k} size="sm" data-testid={`kind-${k}`} data-count={data?.counts[k]}>
              {t(kindKey(k))}
              {count(data?.counts[k] ?? (data ? 0 : undefined), capped.includes(k))}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}

type UrlFilters = ReturnType<typeof useUrlFilters<typeof DEADLINE_FILTERS>>;

function DeadlineList({
  values,
  setParam,
  reset,
  isAdmin,
  openCard,
}: UrlFilters & {
  isAdmin: boolean;
  openCard: (id: string) => void;
}) {
  const { t } = useTranslation();
  // Deadlines are days in Vienna; "today" is Vienna's whatever the reader's zone.
  const today = viennaDay(new Date());
  const [search, setSearch] = useState(values.q);
  const [debounced] = useDebouncedValue(search, 300);
  useEffect(() => {
    if (debounced !== values.q) setParam('q', debounced.trim() || null);
  }, [debounced, values.q, setParam]);

  const filters = listFilters(values, today);
  const { cursor, paging } = useKeysetPaging<string>(JSON.stringify(filters));
  const deadlines = useRksvDeadlines({ ...filters, cursor, limit: PAGE });
  const agents = useRksvCardAgents(isAdmin);
  const open = (row: RksvDeadlineRow) => openCard(String(row.card_id));

  const columns: DataTableColumn<RksvDeadlineRow>[] = [
    {
      key: 'company',
      header: t('rksvCards.col.company'),
      // The company opens the card from the keyboard too: it is a button.
      cell: (r) => (
        <Stack gap={0}>
          <Anchor
            component="button"
            type="button"
            onClick={(e) => {
              e.stopPropagation();
              open(r);
            }}
            aria-label={t('rksvCards.openCard', { company: r.companyname })}
            data-testid="card-open"
            data-card={r.card_id}
            ta="start"
          >
            <UserText span size="sm" fw={500}>
              {r.companyname}
            </UserText>
          </Anchor>
          <Text size="xs" c="dimmed">
            <Ltr>{t('rksvCards.orderNo', { id: r.order_id })}</Ltr>
          </Text>
        </Stack>
      ),
    },
    {
      key: 'serial',
      header: t('rksvCards.col.serial'),
      cell: (r) => (r.serial_number ? <Ltr>{r.serial_number}</Ltr> : '–'),
    },
    {
      key: 'type',
      header: t('rksvCards.col.type'),
      cell: (r) => (r.card_type ? <Ltr>{r.card_type}</Ltr> : '–'),
    },
    {
      key: 'state',
      header: t('rksvCards.col.state'),
      cell: (r) => <CardStateBadge state={r.state} data-testid="row-state" />,
    },
    {
      key: 'kind',
      header: t('rksvCards.col.kind'),
      cell: (r) => (
        <Text size="sm" data-testid="row-kind" data-kind={r.kind}>
          {t(kindKey(r.kind))}
        </Text>
      ),
    },
    {
      key: 'due',
      header: t('rksvCards.col.due'),
      cell: (r) => <DeadlineDue due={r.due} today={today} />,
    },
    // Agents see only their own cards: the column is for admins.
    ...(isAdmin
      ? [
          {
            key: 'agent',
            header: t('rksvCards.col.agent'),
            cell: (r: RksvDeadlineRow) => (r.agent_name ? <UserText size="sm">{r.agent_name}</UserText> : '–'),
          },
        ]
      : []),
  ];

  const active = DEADLINE_RESETTABLE.filter((k) => Boolean(values[k])).length;
  return (
    <Stack gap="md">
      <CollapsibleFilters id="rksv-deadline-filters" active={active}>
        <Stack gap="sm">
          <KindChips value={values.kind} onChange={(k) => setParam('kind', k)} data={deadlines.data} />
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="rksv-due-label">
                {t('rksvCards.filter.due')}
              </Text>
              <SegmentedControl
                value={values.due || 'all'}
                onChange={(v) => setParam('due', v === 'all' ? null : v)}
                data={DUE_WINDOWS.map((w) => ({ value: w || 'all', label: t(`rksvCards.window.${w || 'all'}`) }))}
                aria-labelledby="rksv-due-label"
                data-testid="due-window"
              />
            </Stack>
            {isAdmin && (
              <Select
                label={t('rksvCards.filter.agent')}
                data={[
                  { value: '', label: t('rksvCards.filter.all') },
                  ...(agents.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
                ]}
                value={values.agent ? String(values.agent) : ''}
                onChange={(v) => setParam('agent', v || null)}
                allowDeselect={false}
                searchable
                w={200}
                data-testid="deadline-filter-agent"
              />
            )}
            <TextInput
              label={t('rksvCards.filter.search')}
              placeholder={t('rksvCards.filter.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={{ base: '100%', sm: 340 }}
              data-testid="deadline-search"
            />
            {active > 0 && (
              <Button
                variant="subtle"
                onClick={() => {
                  setSearch('');
                  reset([...DEADLINE_RESETTABLE]);
                }}
              >
                {t('rksvCards.filter.reset')}
              </Button>
            )}
          </Group>
        </Stack>
      </CollapsibleFilters>
      <DataTable
        columns={columns}
        rows={deadlines.data?.items}
        rowKey={(r) => r.card_id}
        caption={t('rksvCards.title')}
        emptyText={active > 0 ? t('rksvCards.emptyFiltered') : t('rksvCards.empty')}
        loading={deadlines.isPending}
        error={deadlines.isError}
        onRetry={() => void deadlines.refetch()}
        onRowClick={open}
        paging={paging(deadlines.data?.nextCursor, { showPage: false })}
        data-testid="rksv-deadlines"
      />
    </Stack>
  );
}
