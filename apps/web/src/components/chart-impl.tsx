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
}

export default function ChartImpl({ type, data, dataKey, series, label, height = 240, valueFormatter }: ChartProps) {
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
  return type === 'bar' ? <BarChart {...common} /> : <LineChart {...common} curveType="linear" />;
}
