import {
  Alert,
  Badge,
  Button,
  Center,
  Code,
  Group,
  Paper,
  Stack,
  Text,
  useDirection,
  VisuallyHidden,
} from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { AuditPage, AuditRow } from '@portal/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../list-skeleton';
import { LoadError } from '../load-error';
import { Bidi, Ltr } from '../ltr';
import { errorMessage } from '../../lib/errors';
import { useFormat } from '../../lib/format';

/**
 * The audit trail's entries of one thing (issue 34): the task, order, device and customer screens
 * show who changed what and when, newest first, "Mehr laden" for older ones. The admin's screen
 * (features/audit) shows the same rows with `AuditChanges` and `actorLabel`.
 */

const WRAP = { overflowWrap: 'anywhere', minWidth: 0 } as const;

/** Who did it: the staff member's name, the command line, or nobody known (a failed sign-in). */
export function actorLabel(row: Pick<AuditRow, 'actor_name' | 'actor_role'>, t: (k: string) => string): string {
  if (row.actor_name) return row.actor_name;
  if (row.actor_role === 'cli') return t('kit.auditTrail.cli');
  return t('kit.auditTrail.unknownActor');
}

/** A value as stored: text as it is (isolated: it may be Arabic), the rest as JSON; nothing as "–". */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function Value({ v }: { v: unknown }) {
  const fmt = useFormat();
  if (v === null || v === undefined || v === '')
    return (
      <Text span c="dimmed">
        –
      </Text>
    );
  // A stored instant reads as the reader's date and time (the trail keeps it in UTC).
  if (typeof v === 'string' && INSTANT.test(v)) return <Ltr>{fmt.dateTime(v)}</Ltr>;
  if (typeof v === 'string') return <Bidi>{v}</Bidi>;
  return <Ltr>{JSON.stringify(v)}</Ltr>;
}

/** `{field: [before, after]}` as one line per field: field, before → after. */
export function AuditChanges({ changes, redacted = null }: { changes: AuditRow['changes']; redacted?: string | null }) {
  const { t } = useTranslation();
  // Before to after reads in the page's direction.
  const arrow = useDirection().dir === 'rtl' ? '←' : '→';
  const fmt = useFormat();
  const fields = Object.entries(changes);
  if (redacted)
    return (
      <Text size="xs" c="dimmed" data-testid="audit-redacted">
        {t('kit.auditTrail.redacted', { date: fmt.date(redacted) })}
      </Text>
    );
  if (!fields.length)
    return (
      <Text size="xs" c="dimmed">
        {t('kit.auditTrail.noChanges')}
      </Text>
    );
  return (
    <Stack gap={2} style={WRAP}>
      {fields.map(([field, [before, after]]) => (
        <Text key={field} size="xs" style={WRAP} data-testid="audit-change" data-field={field}>
          <Code>{field}</Code> <Value v={before} /> <span aria-hidden>{arrow}</span>
          <VisuallyHidden>{t('kit.auditTrail.becomes')}</VisuallyHidden> <Value v={after} />
        </Text>
      ))}
    </Stack>
  );
}

export function AuditTrailList({
  trail,
  loadError,
}: {
  trail: UseInfiniteQueryResult<InfiniteData<AuditPage, unknown>>;
  loadError: string;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const rows = useMemo(() => {
    const seen = new Set<number>();
    return (trail.data?.pages ?? []).flatMap((p) => p.items).filter((r) => !seen.has(r.seq) && seen.add(r.seq));
  }, [trail.data]);
  const failed = trail.isError && !trail.data;
  return (
    <Stack gap="xs">
      {failed ? (
        <LoadError error={trail.error} fallback={loadError} onRetry={() => void trail.refetch()} />
      ) : trail.isPending ? (
        <ListSkeleton rows={3} />
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="audit-trail-empty">
          {t('kit.auditTrail.empty')}
        </Text>
      ) : (
        <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: 'none' }} data-testid="audit-trail">
          {rows.map((r) => (
            <Paper
              key={r.seq}
              component="li"
              withBorder
              px="sm"
              py={6}
              data-testid="audit-entry"
              data-action={r.action}
            >
              <Group gap="xs" wrap="wrap">
                <Text component="time" dateTime={r.at} size="xs" c="dimmed">
                  <Ltr>{fmt.dateTime(r.at)}</Ltr>
                </Text>
                <Text size="sm" fw={500} style={WRAP}>
                  <Bidi>{actorLabel(r, t)}</Bidi>
                </Text>
                <Badge variant="light" size="sm" style={{ textTransform: 'none' }}>
                  <Ltr>{r.action}</Ltr>
                </Badge>
              </Group>
              <AuditChanges changes={r.changes} redacted={r.redacted} />
            </Paper>
          ))}
        </Stack>
      )}
      {trail.isFetchNextPageError && <Alert color="red">{errorMessage(trail.error, loadError)}</Alert>}
      {trail.hasNextPage && !failed && (
        <Center>
          <Button
            variant="light"
            size="xs"
            onClick={() => void trail.fetchNextPage()}
            loading={trail.isFetchingNextPage}
            data-testid="audit-trail-more"
          >
            {t('kit.timeline.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
