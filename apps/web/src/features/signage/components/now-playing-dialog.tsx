import { Alert, Divider, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { SIGNAGE_MSG } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { DateDisplay } from '../../../components/date-display';
import { errorMessage } from '../../../lib/errors';
import { translateMessage } from '../../../lib/translate-message';
import { useNowPlaying } from '../api/get-now-playing';
import { MediaPreview } from './media-preview';
import { StatusBadge } from './status-badge';
import { AuditTrailList } from '../../../components/audit-trail/audit-trail-list';
import { useSignageDeviceAuditTrail } from '../api/get-device-audit-trail';

/**
 * "Was läuft jetzt?": what the screen's playlist holds at this moment, as the server decides it for
 * the player (own content and the customer's active schedules in their windows), with a thumbnail each.
 * Opened by its id alone (a link `?device=<id>`): the name comes with the answer.
 */
export function NowPlayingDialog({ deviceId, onClose }: { deviceId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const now = useNowPlaying(deviceId);
  const name = now.data?.device_name ?? t('signage.devices.unnamed', { id: deviceId });
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened
      onClose={onClose}
      title={t('signage.nowPlaying.title', { name })}
      size="lg"
      centered
      data-testid="now-playing-dialog"
    >
      {now.isPending ? (
        <ListSkeleton rows={2} withThumbnail />
      ) : now.isError ? (
        <Alert color="red">{errorMessage(now.error, translateMessage(SIGNAGE_MSG.contentsLoadFailed))}</Alert>
      ) : (
        <Stack>
          <Group gap="xs">
            <StatusBadge status={now.data.status} />
            <Text size="sm" c="dimmed">
              {t('signage.nowPlaying.asOf')} <DateDisplay value={now.data.server_time} time />
            </Text>
          </Group>
          {now.data.items.length === 0 ? (
            <Text c="dimmed" data-testid="now-playing-empty">
              {t('signage.nowPlaying.nothing')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 3 }} data-testid="now-playing-items">
              {now.data.items.map((item, i) => (
                <Stack key={`${item.file_id}-${i}`} gap={4} miw={0} data-testid="now-playing-item">
                  <MediaPreview file={item} height={96} />
                  <Text size="sm" fw={500} truncate="end" title={item.file_name}>
                    {item.file_name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {item.file_type === 'video'
                      ? t('signage.content.toEnd')
                      : t('signage.content.seconds', { n: item.duration })}
                    {' · '}
                    {item.schedule_name ?? t('signage.nowPlaying.ownContent')}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      )}
      <Divider label={t('kit.auditTrail.title')} labelPosition="left" my="md" />
      <AuditTrailList trail={useSignageDeviceAuditTrail(deviceId)} loadError={t('kit.auditTrail.loadError')} />
    </Modal>
  );
}
