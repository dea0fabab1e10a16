import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The head of a screen: its one `h1` (the size of the staff screens' titles) and, beside it, the
 * screen's actions (a button, a filter), which wrap below the title on a narrow screen.
 */
export function PageHeader({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  /** The screen's actions (or give them as children). */
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const side = actions ?? children;
  const heading = (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
  if (side === undefined || side === null || side === false) return heading;
  return (
    <Group justify="space-between">
      {heading}
      {side}
    </Group>
  );
}
