import { BarChart, LineChart } from '@mantine/charts';

export interface ChartSeries {
  /** The data field of this series. */
  name: string;
  /** Shown in the legend and the tooltip (already translated). */
  label: string;
  color: string;
}

export interface ChartProps {
  type: 'bar' | 'line';
  data: Record<string, string | number>[];
  /** The field on the x axis (a date, a branch). */
  dataKey: string;
  series: ChartSeries[];
  /** What the chart shows, for screen readers (a chart is a picture). */
  label: string;
  height?: number;
  /** Axis and tooltip values, e.g. money in cents as `€ 1.234,56`. */
  valueFormatter?: (value: number) => string;
  /** Bar charts: the least height of a bar in px, zero included, so that every bar can be seen and pointed at. */
  minBarSize?: number;
}

export default function ChartImpl({
  type,
  data,
  dataKey,
  series,
  label,
  height = 240,
  valueFormatter,
  minBarSize,
}: ChartProps) {
  const common = {
    h: height,
    data,
    dataKey,
    series,
    valueFormatter,
    withLegend: series.length > 1,
    role: 'img',
    'aria-label': label,
    'data-testid': 'chart',
  };
  return type === 'bar' ? (
    <BarChart {...common} barProps={minBarSize ? { minPointSize: minBarSize } : undefined} />
  ) : (
    <LineChart {...common} curveType="linear" />
  );
}
