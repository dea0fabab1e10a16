import { Button, Select, SimpleGrid } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TASK_SORTS } from '@portal/shared';
import { useAgents } from '../api/get-agents';
import { useTaskTypes } from '../api/get-task-types';
import type { TaskListFilters } from '../api/get-tasks';
import type { BoardParam } from '../use-board-filters';
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

/** Company, agent, task type, search and sort; every change goes to the URL and from there to the server. */
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

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 6 }} spacing="sm" verticalSpacing="xs">
      <DebouncedTextInput
        label={t('tasks.filters.search')}
        placeholder={t('tasks.filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={searchText}
        onCommit={(v) => setParam('q', v)}
        data-testid="task-search"
        type="search"
      />
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
        data={(types.data ?? []).map((ty) => ({ value: String(ty.id), label: ty.tasktype }))}
        value={filters.typ ? String(filters.typ) : null}
        onChange={(v) => setParam('typ', v)}
        error={types.isError ? t('tasks.errors.types') : undefined}
        nothingFoundMessage={t('tasks.filters.noMatch')}
        data-testid="task-filter-type"
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
    </SimpleGrid>
  );
}
