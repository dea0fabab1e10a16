import { Button, Collapse, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A list's filters: as laid out by the screen from 48em on; below, behind one "Filter (n)" button
 * (n = filters set), so the list's first rows are on a phone's first screen (issue 30, as the task
 * board does with its own search beside the button).
 */
export function CollapsibleFilters({
  id,
  active,
  children,
}: {
  /** The folded block's id (the button's `aria-controls`), unique on the screen. */
  id: string;
  /** How many filters are set: shown on the button while folded. */
  active: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [open, { toggle }] = useDisclosure(false);
  if (!narrow) return <>{children}</>;
  return (
    <Stack gap="xs">
      <Button
        variant={open ? 'filled' : 'default'}
        leftSection={<IconAdjustmentsHorizontal size={16} />}
        onClick={toggle}
        aria-expanded={open}
        aria-controls={id}
        style={{ alignSelf: 'flex-start' }}
        data-testid="filters-toggle"
      >
        {active ? t('kit.filtersActive', { count: active }) : t('kit.filters')}
      </Button>
      <Collapse in={open} id={id}>
        {children}
      </Collapse>
    </Stack>
  );
}
