import { Chip, Group, Stack, Text, Title } from '@mantine/core';
import { TIMELINE_KINDS, TIMELINE_PAGE_MAX, type CustomerRecord, type TimelineKind } from '@portal/shared';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CollapsibleFilters } from '../../components/collapsible-filters';
import { TimelineList } from '../../components/timeline/timeline-list';
import { useUrlFilters } from '../../lib/use-url-filters';
import { useCustomerTimeline } from './api/get-customer-timeline';
import { entrySentenceKey } from './timeline-words';

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

/** Everything that touched the customer, newest first, by kind, "Mehr laden" for the next page. */
export function CustomerTimeline({ record }: { record: CustomerRecord }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { values, setParam } = useUrlFilters(FILTERS);
  // Only the kinds this reader may see; a link with others reads as "every kind".
  const chosen = useMemo(() => values.kinds.filter((k) => record.kinds.includes(k)), [values.kinds, record.kinds]);
  const timeline = useCustomerTimeline({ id: record.id, kinds: chosen, limit: values.limit }, record.kinds.length > 0);
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
      {record.kinds.length > 0 ? (
        <TimelineList
          timeline={timeline}
          texts={{
            sentenceKey: (item) => entrySentenceKey(item).key,
            empty: t(chosen.length ? 'customers.timeline.emptyFiltered' : 'customers.timeline.empty'),
            loadError: t('customers.timeline.loadError'),
          }}
        />
      ) : (
        <Text c="dimmed" data-testid="timeline-empty">
          {t('customers.timeline.empty')}
        </Text>
      )}
    </Stack>
  );
}
