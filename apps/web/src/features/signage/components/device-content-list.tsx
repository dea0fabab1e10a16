import { ActionIcon, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceRow } from '@portal/shared';
import { useState } from 'react';
import { SIGNAGE_MSG } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/translate-message';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/errors';
import { notifications } from '../../../lib/toasts';
import { invalidateArea } from '../../../lib/calls';
import { removeContent } from '../api/delete-content';
import { useDeviceContent } from '../api/get-device-content';
import { DaysText } from './days';

/** What one device shows of its own, in order, with a button to take an item off. */
export function DeviceContentList({ devices }: { devices: DeviceRow[] }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const content = useDeviceContent(deviceId ? Number(deviceId) : undefined);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const remove = useMutation({
    mutationFn: removeContent,
    onSuccess: () => {
      setRemoving(null);
      return invalidateArea(qc, 'signage');
    },
    onError: (e) =>
      notifications.show({ color: 'red', message: errorMessage(e, translateMessage(SIGNAGE_MSG.assignFailed)) }),
  });
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          {t('signage.content.onDevice')}
        </Title>
        <Select
          label={t('signage.content.chooseDevice')}
          data={devices.map((d) => ({
            value: String(d.device_id),
            label: d.device_name ?? t('signage.devices.unnamed', { id: d.device_id }),
          }))}
          value={deviceId}
          onChange={setDeviceId}
          w={300}
          searchable
        />
        {deviceId &&
          (content.isError ? (
            <Text c="red.8">{errorMessage(content.error, translateMessage(SIGNAGE_MSG.contentsLoadFailed))}</Text>
          ) : content.data?.length === 0 ? (
            <Text c="dimmed">{t('signage.content.noneOnDevice')}</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('signage.content.file')}</Table.Th>
                  <Table.Th>{t('signage.schedules.time')}</Table.Th>
                  <Table.Th>{t('signage.schedules.days')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(content.data ?? []).map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{c.file_name}</Table.Td>
                    <Table.Td dir="ltr">{`${c.start_time}–${c.end_time}`}</Table.Td>
                    <Table.Td>
                      <DaysText days={c.days_of_week} />
                    </Table.Td>
                    <Table.Td>
                      <Group justify="flex-end">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('signage.content.remove', { name: c.file_name })}
                          onClick={() => setRemoving({ id: c.id, name: c.file_name })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ))}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title={t('signage.content.removeTitle')}
        text={t('signage.content.remove', { name: removing?.name ?? '' })}
        confirmLabel={t('signage.content.removeTitle')}
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}
