import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { formatFileSize, type DeviceStatusRow } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Bidi, Ltr } from '../../../components/ltr';
import { useFormat } from '../../../lib/format';

/**
 * The status board's cells with what a screen reported of itself (issue 33), inside the board's own
 * columns so a row still fits beside the sidebar: the connection with the version the screen runs and
 * the warning of an outage in its schedule window; what plays with the file on the screen first; the
 * player's build, cache and window under the device's name. Nothing where a player has not reported
 * it (one from before issue 33).
 */

const wrapping = { root: { maxWidth: 'none', height: 'auto' }, label: { whiteSpace: 'normal' } } as const;

export function ConnectionCell({ device }: { device: DeviceStatusRow }) {
  const { t } = useTranslation();
  const version = device.version_current;
  return (
    <Stack gap={4} align="flex-start">
      <Badge color={device.online ? 'green' : 'gray'} variant="dot" data-testid={`connection-${device.device_id}`}>
        {device.online ? t('signage.statusBoard.online') : t('signage.statusBoard.offline')}
      </Badge>
      {version !== null && (
        <Badge
          color={version ? 'green' : 'orange'}
          variant="dot"
          tt="none"
          styles={{ root: { maxWidth: 'none' }, label: { overflow: 'visible' } }}
          data-testid={`version-${device.device_id}`}
        >
          {version ? t('signage.statusBoard.versionCurrent') : t('signage.statusBoard.versionOld')}
        </Badge>
      )}
      {device.offline_alert && (
        <Badge color="red.9" variant="filled" tt="none" styles={wrapping} data-testid={`alert-${device.device_id}`}>
          {t('signage.statusBoard.offlineAlert')}
        </Badge>
      )}
    </Stack>
  );
}

/** The playlist's files, the one on the screen first and marked (or the deleted file's number). */
export function PlayingCell({ device }: { device: DeviceStatusRow }) {
  const { t } = useTranslation();
  const id = device.now_playing_file_id;
  const onScreen = id === null ? null : (device.now_playing_file_name ?? t('signage.statusBoard.deletedFile', { id }));
  const others = device.playing.filter((name) => name !== onScreen);
  if (onScreen === null && others.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('signage.statusBoard.nothing')}
      </Text>
    );
  return (
    <Stack gap={2}>
      {onScreen !== null && (
        <Group gap={4} wrap="nowrap" align="center">
          <IconPlayerPlayFilled size={12} aria-label={t('signage.statusBoard.onScreen')} role="img" />
          <Text size="sm" fw={600} data-testid={`on-screen-${device.device_id}`}>
            <Bidi>{onScreen}</Bidi>
          </Text>
        </Group>
      )}
      {others.length > 0 && <Text size="sm">{others.join(', ')}</Text>}
    </Stack>
  );
}

/** Left to right inside a sentence of either direction (a version, a size): Unicode's LRI … PDI. */
const ltr = (text: string) => `\u2066${text}\u2069`;

/** Build, cache and window as the screen reported them, one small line each. */
export function ReportedFacts({ device }: { device: DeviceStatusRow }) {
  const { t } = useTranslation();
  const f = useFormat();
  const facts = [
    device.app_version && t('signage.statusBoard.app', { version: ltr(device.app_version) }),
    device.cache_files !== null &&
      t('signage.statusBoard.cache', {
        n: ltr(f.count(device.cache_files)),
        size: ltr(device.cache_bytes === null ? '–' : formatFileSize(device.cache_bytes)),
      }),
  ].filter((x): x is string => typeof x === 'string');
  return (
    <>
      {facts.map((fact) => (
        <Text key={fact} size="xs" c="dimmed">
          {fact}
        </Text>
      ))}
      {device.screen && (
        <Text size="xs" c="dimmed">
          <Ltr>{`${device.screen.w} × ${device.screen.h}`}</Ltr>
        </Text>
      )}
    </>
  );
}
