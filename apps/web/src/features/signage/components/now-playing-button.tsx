import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** "Was läuft jetzt?" of one device row: the same button on the devices and the status page. */
export function NowPlayingButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('signage.nowPlaying.open')}>
      <ActionIcon variant="subtle" aria-label={t('signage.nowPlaying.open')} onClick={onOpen} data-testid="now-playing">
        <IconPlayerPlay size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
