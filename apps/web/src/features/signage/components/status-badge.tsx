import { Badge } from '@mantine/core';
import type { EffectiveStatus } from '@portal/shared';
import { useTranslation } from 'react-i18next';

/** Status colours of the device list (as dots beside dark text, readable at AA): active green, pending yellow, locked grey, expired ("Abgelaufen") red. */
export const STATUS_COLOR: Record<EffectiveStatus, string> = {
  active: 'green',
  pending: 'yellow',
  locked: 'gray',
  expired: 'red',
};

export function StatusBadge({ status }: { status: EffectiveStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLOR[status]}
      variant="dot"
      tt="none"
      // Never cut to "Ausstehe…": the word is the status.
      styles={{ root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } }}
      data-testid={`status-${status}`}
    >
      {t(`signage.status.${status}`)}
    </Badge>
  );
}
