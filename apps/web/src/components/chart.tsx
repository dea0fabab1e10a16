import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { ChartProps } from './chart-impl';

export type { ChartProps, ChartSeries } from './chart-impl';

// Recharts is large: it loads with the first chart on a screen, never with a public page.
const ChartImpl = lazy(() =>
  Promise.all([import('./chart-impl'), import('@mantine/charts/styles.layer.css')]).then(([chart]) => chart),
);

/** A bar or line chart of the staff screens (Mantine Charts on Recharts), loaded on first use. */
export function Chart(props: ChartProps) {
  return (
    <Suspense fallback={<Skeleton height={props.height ?? 240} radius="sm" />}>
      <ChartImpl {...props} />
    </Suspense>
  );
}
