import { Alert, Anchor, Button, Center, Chip, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  TIMELINE_KINDS,
  TIMELINE_PAGE_MAX,
  type CustomerRecord,
  type TimelineItem,
  type TimelineKind,
} from '@portal/shared';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CollapsibleFilters } from '../../components/collapsible-filters';
import { ListSkeleton } from '../../components/list-skeleton';
import { LoadError } from '../../components/load-error';
import { isolate, Ltr } from '../../components/ltr';
import { errorMessage } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { useUrlFilters } from '../../lib/use-url-filters';
import { useCustomerTimeline } from './api/get-customer-timeline';
import { entrySentenceKey, portalPath } from './timeline-words';

/**
 * The timeline's address: `?kinds=task,rksv_order` (none: every kind the reader may see) and `?limit=`
 * (entries per page, the server's default without it).
 */
const FILTERS = {
  kinds: (raw: string | null): TimelineKind[] => {
    const asked = new Set((raw ?? '').split(','));
    return TIMELINE_KINDS.filter((k) => asked.has(k));
  },
  limit: (raw: string | null): number | undefined =>
    raw && /^\d{1,3}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= TIMELINE_PAGE_MAX ? Number(raw) : undefined,
};

/** A title of any length wraps within the page, even one long word. */
const WRAP = { overflowWrap: 'anywhere', minWidth: 0 } as const;

/** Everything that touched the customer, newest first, by kind, "Mehr laden" for the next page. */
export function CustomerTimeline({ record }: { record: CustomerRecord }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { values, setParam } = useUrlFilters(FILTERS);
  // Only the kinds this reader may see; a link with others reads as "every kind".
  const chosen = useMemo(() => values.kinds.filter((k) => record.kinds.includes(k)), [values.kinds, record.kinds]);
  const timeline = useCustomerTimeline({ id: record.id, kinds: chosen, limit: values.limit }, record.kinds.length > 0);
  const items = useMemo(() => {
    const seen = new Set<string>();
    const out: TimelineItem[] = [];
    for (const page of timeline.data?.pages ?? [])
      for (const item of page.items) {
        const key = `${item.kind}-${item.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(item);
      }
    return out;
  }, [timeline.data]);
  // A failed first page replaces the list; a failed next page keeps what is shown (alert below it).
  const failed = timeline.isError && !timeline.data;
  const choose = (kinds: string[]) => {
    const next = TIMELINE_KINDS.filter((k) => kinds.includes(k));
    setParam('kinds', next.length ? next.join(',') : null);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('customers.timeline.title')}
      </Title>
      {record.kinds.length > 1 && (
        <CollapsibleFilters id="timeline-filters" active={chosen.length}>
          <Group gap="xs" role="group" aria-label={t('customers.timeline.filter')} data-testid="timeline-filter">
            <Chip size="sm" checked={chosen.length === 0} onChange={() => choose([])}>
              {t('customers.timeline.allKinds')}
            </Chip>
            <Chip.Group multiple value={chosen} onChange={choose}>
              {record.kinds.map((k) => (
                <Chip key={k} value={k} size="sm">
                  {t(`customers.timeline.kinds.${k}`)}
                </Chip>
              ))}
            </Chip.Group>
          </Group>
        </CollapsibleFilters>
      )}
      {failed ? (
        <LoadError
          error={timeline.error}
          fallback={t('customers.timeline.loadError')}
          onRetry={() => void timeline.refetch()}
        />
      ) : timeline.isPending && record.kinds.length > 0 ? (
        <ListSkeleton rows={4} />
      ) : items.length === 0 ? (
        <Text c="dimmed" data-testid="timeline-empty">
          {t(chosen.length ? 'customers.timeline.emptyFiltered' : 'customers.timeline.empty')}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="timeline">
          {items.map((item) => (
            <TimelineEntry key={`${item.kind}-${item.id}`} item={item} />
          ))}
        </Stack>
      )}
      {timeline.isFetchNextPageError && (
        <Alert color="red" data-testid="timeline-more-error">
          {errorMessage(timeline.error, t('customers.timeline.loadError'))}
        </Alert>
      )}
      {timeline.hasNextPage && !failed && (
        <Center>
          <Button
            variant="light"
            onClick={() => void timeline.fetchNextPage()}
            loading={timeline.isFetchingNextPage}
            data-testid="timeline-more"
          >
            {t('customers.timeline.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}

/** One entry: when, what (a sentence of its kind with its title, a link to its screen), who. */
function TimelineEntry({ item }: { item: TimelineItem }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { key } = entrySentenceKey(item);
  // A thing without a name of its own (a card before its serial number) still reads as a sentence.
  const title = item.title.trim() ? item.title : t('customers.timeline.untitled');
  const sentence = t(key, { title: isolate(title), action: isolate(item.action ?? '') });
  const to = portalPath(item.link);
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      px="sm"
      py={8}
      style={{ ...WRAP, borderInlineStartWidth: 4 }}
      data-testid="timeline-entry"
      data-kind={item.kind}
      data-entry={`${item.kind}-${item.id}`}
    >
      <Text component="time" dateTime={item.at} size="xs" c="dimmed" display="block">
        <Ltr>{fmt.dateTime(item.at)}</Ltr>
      </Text>
      {to ? (
        <Anchor component={Link} to={to} size="sm" fw={500} style={WRAP} data-testid="timeline-link">
          {sentence}
        </Anchor>
      ) : (
        <Text size="sm" fw={500} style={WRAP}>
          {sentence}
        </Text>
      )}
      {item.actor && (
        <Text size="xs" c="dimmed" style={WRAP}>
          {t('customers.timeline.by', { actor: isolate(item.actor) })}
        </Text>
      )}
    </Paper>
  );
}
