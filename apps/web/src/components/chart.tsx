import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { ChartProps } from './chart-impl';

export type { ChartProps, ChartSeries } from './chart-impl';

// Recharts is large: it loads with the first chart on a screen, never with a public page.
const ChartImpl = lazy(() =>
  Promise.all([import('./chart-impl'), import('@mantine/charts/styles.layer.css')]).then(([chart]) => chart),
);

/**
 * A bar or line chart of the staff screens (Mantine Charts on Recharts), loaded on first use. Until the
 * library is in, a placeholder of the chart's height holds its place (nothing moves when it arrives):
 * the screen's figures and tables around it are shown and usable meanwhile. `data-chart-pending` marks
 * it for bench/staff-screens.ts, which counts the chart's code apart from the screen's.
 */
export function Chart(props: ChartProps) {
  return (
    <Suspense fallback={<Skeleton height={props.height ?? 240} radius="sm" data-chart-pending="" />}>
      <ChartImpl {...props} />
    </Suspense>
  );
}
