import { Alert, Anchor, Button, Center, Paper, Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { CustomerTimeline, TimelineItem } from '@portal/shared';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../list-skeleton';
import { LoadError } from '../load-error';
import { isolate, Ltr } from '../ltr';
import { errorMessage } from '../../lib/errors';
import { useFormat } from '../../lib/format';

/**
 * A customer's timeline as a list (issue 34): the staff customer page and the business dashboard's
 * overview show the same entries, each worded by its screen (`sentenceKey`: the i18n key of an entry's
 * sentence, with `{{title}}` and `{{action}}`), newest first, "Mehr laden" for the next page.
 */

/** A title of any length wraps within the page, even one long word. */
const WRAP = { overflowWrap: 'anywhere', minWidth: 0 } as const;

/** A link an entry may carry: a path inside the portal, never another site. */
export const portalPath = (link: string | null): string | null =>
  link !== null && link.startsWith('/') && !link.startsWith('//') ? link : null;

export interface TimelineTexts {
  sentenceKey: (item: TimelineItem) => string;
  /** Shown without entries. */
  empty: string;
  loadError: string;
}

export function TimelineList({
  timeline,
  texts,
}: {
  timeline: UseInfiniteQueryResult<InfiniteData<CustomerTimeline, unknown>>;
  texts: TimelineTexts;
}) {
  const { t } = useTranslation();
  // Pages are keyset pages; an entry is shown once even if a page boundary moved under a new entry.
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
  return (
    <>
      {failed ? (
        <LoadError error={timeline.error} fallback={texts.loadError} onRetry={() => void timeline.refetch()} />
      ) : timeline.isPending ? (
        <ListSkeleton rows={4} />
      ) : items.length === 0 ? (
        <Text c="dimmed" data-testid="timeline-empty">
          {texts.empty}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="timeline">
          {items.map((item) => (
            <TimelineEntry key={`${item.kind}-${item.id}`} item={item} sentenceKey={texts.sentenceKey} />
          ))}
        </Stack>
      )}
      {timeline.isFetchNextPageError && (
        <Alert color="red" data-testid="timeline-more-error">
          {errorMessage(timeline.error, texts.loadError)}
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
            {t('kit.timeline.loadMore')}
          </Button>
        </Center>
      )}
    </>
  );
}

/** One entry: when, what (a sentence of its kind with its title, a link to its screen), who. */
function TimelineEntry({ item, sentenceKey }: { item: TimelineItem; sentenceKey: (item: TimelineItem) => string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  // A thing without a name of its own (a card before its serial number) still reads as a sentence.
  const title = item.title.trim() ? item.title : t('kit.timeline.untitled');
  const sentence = t(sentenceKey(item), { title: isolate(title), action: isolate(item.action ?? '') });
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
          {t('kit.timeline.by', { actor: isolate(item.actor) })}
        </Text>
      )}
    </Paper>
  );
}
