import { Badge, Button, Collapse, Group, Select, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SLA_BOARD_FILTERS, TASK_SORTS, type AgentSummary } from '@portal/shared';
import { useAgents } from '../api/get-agents';
import { useTaskTypes } from '../api/get-task-types';
import type { TaskListFilters } from '../api/get-tasks';
import { BOARD_SEARCH_ID, type BoardParam } from '../board-filters';
import { useTaskTypeLabel } from '../use-task-type-label';
import { DebouncedTextInput } from './debounced-text-input';

interface TaskBoardFiltersProps {
  filters: TaskListFilters;
  firmaText: string;
  searchText: string;
  hasFilters: boolean;
  setParam: (key: BoardParam, value: string | null) => void;
  resetFilters: () => void;
  /** The board's country (admins may switch it): the agent filter lists its staff. */
  countryId?: number;
}

/** An agent option: the name, then the counters O, E, A of the spec (read out in words). */
function AgentOption({ agent }: { agent: AgentSummary }) {
  const { t } = useTranslation();
  const counters = [
    ['offen', agent.O],
    ['erledigt', agent.E],
    ['abgeschlossen', agent.A],
  ] as const;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" w="100%" data-testid={`agent-option-${agent.id}`}>
      <Text size="sm" truncate>
        {agent.name}
      </Text>
      <Group gap={4} wrap="nowrap" aria-hidden>
        {counters.map(([status, n]) => (
          <Badge key={status} size="xs" variant="light" color="gray" radius="sm" tt="none" data-counter={status}>
            {t(`tasks.filters.countLetters.${status}`)} {n}
          </Badge>
        ))}
      </Group>
      <VisuallyHidden>
        {', '}
        {t('tasks.filters.counts', { open: agent.O, done: agent.E, closed: agent.A })}
      </VisuallyHidden>
    </Group>
  );
}

/**
 * Company, agent, task type, search and sort; every change goes to the URL and from there to the
 * server. On a phone only the search stays in view; the other filters open behind a button, so the
 * first task is on the first screen.
 */
export function TaskBoardFilters({
  filters,
  firmaText,
  searchText,
  hasFilters,
  setParam,
  resetFilters,
  countryId,
}: TaskBoardFiltersProps) {
  const { t } = useTranslation();
  const agents = useAgents(countryId);
  const types = useTaskTypes();
  const typeLabel = useTaskTypeLabel();
  // `sm` and up: every filter in the grid, as before.
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [open, { toggle }] = useDisclosure(false);
  const agentById = useMemo(() => new Map((agents.data ?? []).map((a) => [String(a.id), a])), [agents.data]);
  const active = [filters.firma, filters.agentId, filters.typ, filters.sla, filters.sort !== 'id'].filter(Boolean).length;

  const search = (
    <DebouncedTextInput
      id={BOARD_SEARCH_ID}
      label={t('tasks.filters.search')}
      // A short placeholder (the long one was cut off in every column width); what it searches is its title.
      placeholder={t('tasks.filters.searchPlaceholderShort')}
      title={t('tasks.filters.searchPlaceholder')}
      leftSection={<IconSearch size={16} />}
      value={searchText}
      onCommit={(v) => setParam('q', v)}
      data-testid="task-search"
      type="search"
      style={narrow ? { flex: 1 } : undefined}
    />
  );
  const others = (
    <>
      <DebouncedTextInput
        label={t('tasks.filters.firma')}
        placeholder={t('tasks.filters.firmaPlaceholder')}
        value={firmaText}
        onCommit={(v) => setParam('firma', v)}
        data-testid="task-filter-firma"
      />
      <Select
        label={t('tasks.filters.agent')}
        placeholder={t('tasks.filters.allAgents')}
        clearable
        searchable
        data={(agents.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
        renderOption={({ option }) => {
          const agent = agentById.get(option.value);
          return agent ? <AgentOption agent={agent} /> : option.label;
        }}
        comboboxProps={{ width: 'target', position: 'bottom-start' }}
        value={filters.agentId ? String(filters.agentId) : null}
        onChange={(v) => setParam('agent', v)}
        error={agents.isError ? t('tasks.errors.agents') : undefined}
        nothingFoundMessage={t('tasks.filters.noMatch')}
        data-testid="task-filter-agent"
      />
      <Select
        label={t('tasks.filters.type')}
        placeholder={t('tasks.filters.allTypes')}
        clearable
        searchable
        data={(types.data ?? []).map((ty) => ({ value: String(ty.id), label: typeLabel(ty.id, ty.tasktype) }))}
        value={filters.typ ? String(filters.typ) : null}
        onChange={(v) => setParam('typ', v)}
        error={types.isError ? t('tasks.errors.types') : undefined}
        nothingFoundMessage={t('tasks.filters.noMatch')}
        // Seven types are 252 px, just over Mantine's 250: the list would scroll in a region a
        // keyboard cannot reach (axe: scrollable-region-focusable). Room for all of them instead.
        maxDropdownHeight={360}
        data-testid="task-filter-type"
      />
      <Select
        label={t('tasks.filters.sla')}
        placeholder={t('tasks.filters.allSla')}
        clearable
        data={SLA_BOARD_FILTERS.map((s) => ({ value: s, label: t(`tasks.sla.filter.${s}`) }))}
        value={filters.sla ?? null}
        onChange={(v) => setParam('sla', v)}
        data-testid="task-filter-sla"
      />
      <Select
        label={t('tasks.filters.sort')}
        allowDeselect={false}
        data={TASK_SORTS.map((s) => ({ value: s, label: t(`tasks.sort.${s}`) }))}
        value={filters.sort}
        onChange={(v) => setParam('sort', v === 'id' ? null : v)}
        data-testid="task-sort"
      />
      <Button
        variant="subtle"
        leftSection={<IconFilterOff size={16} />}
        onClick={resetFilters}
        disabled={!hasFilters}
        style={{ alignSelf: 'end' }}
        data-testid="task-filter-reset"
      >
        {t('tasks.filters.reset')}
      </Button>
    </>
  );

  if (!narrow) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4, xl: 7 }} spacing="sm" verticalSpacing="xs">
        {search}
        {others}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        {search}
        <Button
          variant={open ? 'filled' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          onClick={toggle}
          aria-expanded={open}
          aria-controls="task-board-more-filters"
          data-testid="task-filters-toggle"
        >
          {active ? t('tasks.filters.moreActive', { count: active }) : t('tasks.filters.more')}
        </Button>
      </Group>
      <Collapse in={open} id="task-board-more-filters">
        <Stack gap="xs">{others}</Stack>
      </Collapse>
    </Stack>
  );
}
