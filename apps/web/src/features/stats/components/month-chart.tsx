import { Title } from '@mantine/core';
import { STATS_BAR_MAX_PX, STATS_BAR_MIN_PX } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartSeries } from '../../../components/chart';
import { useStatsFormat } from '../format';

type MonthRow = { month: string } & Record<string, number | string>;

const COLORS: Record<string, string> = {
  created: 'blue.6',
  completed: 'teal.6',
  closed: 'gray.6',
  overdue: 'red.7',
};
/** Room for the month names and the legend beside the bars, so the tallest bar is about 140 px high. */
const AXES_AND_LEGEND_PX = 70;

/** One group of bars per month of the window (the kit's Chart), for the given counters. */
export function MonthChart({ rows, fields, title }: { rows: MonthRow[]; fields: string[]; title: string }) {
  const { t } = useTranslation();
  const { month } = useStatsFormat();
  const series: ChartSeries[] = fields.map((f) => ({
    name: f,
    label: t(`stats.months.${f}`),
    color: COLORS[f] ?? 'blue.6',
  }));
  const data: Record<string, string | number>[] = rows.map((r) => ({ ...r, label: month(r.month) }));
  return (
    <section aria-labelledby="stats-months-title">
      <Title order={2} size="h4" mb="xs" id="stats-months-title">
        {title}
      </Title>
      <Chart
        type="bar"
        data={data}
        dataKey="label"
        series={series}
        label={t('stats.months.chartLabel', {
          months: data
            .map((d) => `${d.label}: ${fields.map((f) => `${t(`stats.months.${f}`)} ${d[f]}`).join(', ')}`)
            .join('; '),
        })}
        height={STATS_BAR_MAX_PX + AXES_AND_LEGEND_PX}
        minBarSize={STATS_BAR_MIN_PX}
      />
    </section>
  );
}
