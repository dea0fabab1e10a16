import { Select } from '@mantine/core';
import type { AgentOverviewRow } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/** Admins: "Mitarbeiter", whose figures to show (empty: every agent of the country). */
export function AgentFilter({
  agents,
  value,
  onChange,
}: {
  agents: AgentOverviewRow[] | undefined;
  value: number | undefined;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('stats.filter.agent')}
      placeholder={t('stats.filter.all')}
      data={(agents ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
      value={value === undefined ? null : String(value)}
      onChange={onChange}
      clearable
      searchable
      w={280}
      data-testid="stats-agent-filter"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
