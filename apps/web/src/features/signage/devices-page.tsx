import { ActionIcon, Button, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconKey, IconLock, IconLockOpen, IconPlus, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EFFECTIVE_STATUSES, type DeviceRow } from '@portal/shared';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DateDisplay } from '../../components/date-display';
import { Ltr } from '../../components/ltr';
import { errorMessage } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { urlParam, useUrlFilters } from '../../lib/use-url-filters';
import { useDevices } from './api/get-devices';
import { invalidateArea } from '../../lib/calls';
import { removeCustomer } from './api/remove-customer';
import { updateDevice } from './api/update-device';
import { SIGNAGE_PAGE } from './page-size';
import { NowPlayingButton } from './components/now-playing-button';
import { lazyNamed, preloadOnIntent } from '../../lib/lazy-page';
import { useOpenInUrl } from '../../lib/use-open-in-url';
import { useOffsetPaging } from '../../lib/use-paging';
import { StatusBadge } from './components/status-badge';
import { CollapsibleFilters } from '../../components/collapsible-filters';
import { PageHeader } from '../../components/page-header';

const FILTERS = {
  status: urlParam.oneOf(['all', ...EFFECTIVE_STATUSES] as const, 'all'),
  q: urlParam.text(),
};

/** The row dialogs (activation, customer, a new device, what is playing) load on the first pointer or focus. */
const ActivationDialog = lazyNamed(
  () => import('./components/activation-dialog'),
  (m) => m.ActivationDialog,
);
const AddDeviceDialog = lazyNamed(
  () => import('./components/add-device-dialog'),
  (m) => m.AddDeviceDialog,
);
const NowPlayingDialog = lazyNamed(
  () => import('./components/now-playing-dialog'),
  (m) => m.NowPlayingDialog,
);
const PRELOAD = preloadOnIntent(ActivationDialog, AddDeviceDialog, NowPlayingDialog);

/** Geräte: the device table with status colours and days remaining; customer and activation per row. */
export default function SignageDevicesPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { values, setParam } = useUrlFilters(FILTERS);
  const { offset, setOffset, paging } = useOffsetPaging(SIGNAGE_PAGE);
  const [search, setSearch] = useState(values.q);
  const devices = useDevices({ status: values.status, q: values.q, offset });
  const [dialog, setDialog] = useState<{ device: DeviceRow; mode: 'activate' | 'customer' } | null>(null);
  const [adding, setAdding] = useState(false);
  // A screen's pairing QR code opens this page as `?code=<six digits>`: "Gerät hinzufügen" with the code.
  const pairing = useOpenInUrl('code');
  const pairingCode = pairing.value?.replace(/\D/g, '').slice(0, 6);
  // The device whose 'Was läuft jetzt?' is open, in the address (`?device=<id>`).
  const watching = useOpenInUrl('device');
  const watchedId = urlParam.id()(watching.value);

  const command = useMutation({
    mutationFn: (fn: () => Promise<unknown>) => fn(),
    onSuccess: () => invalidateArea(qc, 'signage'),
    onError: (e) => notifications.show({ color: 'red', message: errorMessage(e, t('signage.errors.save')) }),
  });

  const columns: DataTableColumn<DeviceRow>[] = [
    {
      key: 'name',
      header: t('signage.devices.name'),
      cell: (d) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {d.device_name ?? t('signage.devices.unnamed', { id: d.device_id })}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`signage.types.${d.device_type}`, { defaultValue: d.device_type })}
            {d.location ? ` · ${d.location}` : ''}
          </Text>
        </Stack>
      ),
    },
    { key: 'status', header: t('signage.devices.status'), cell: (d) => <StatusBadge status={d.effective_status} /> },
    {
      key: 'days',
      header: t('signage.devices.daysRemaining'),
      align: 'end',
      cell: (d) =>
        d.days_remaining === null ? (
          '–'
        ) : (
          <Text size="sm" c={d.days_remaining <= 0 ? 'red.9' : undefined} fw={d.days_remaining <= 30 ? 700 : undefined}>
            <Ltr>{d.days_remaining}</Ltr>
          </Text>
        ),
    },
    {
      key: 'customer',
      header: t('signage.devices.customer'),
      cell: (d) =>
        d.customer_id ? (
          <Stack gap={0}>
            <Text size="sm">{d.customer_name}</Text>
            {d.customer_email && (
              <Text size="xs" c="dimmed">
                <Ltr>{d.customer_email}</Ltr>
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('signage.devices.noCustomer')}
          </Text>
        ),
    },
    {
      key: 'seen',
      header: t('signage.devices.lastSeen'),
      cell: (d) => (d.last_seen ? <DateDisplay value={d.last_seen} time /> : '–'),
    },
    {
      key: 'actions',
      header: t('signage.devices.actions'),
      cell: (d) => (
        <Group gap={4} wrap="nowrap">
          <NowPlayingButton onOpen={() => watching.open(String(d.device_id))} />
          {d.effective_status === 'pending' && (
            <Button
              size="compact-sm"
              leftSection={<IconKey size={14} />}
              onClick={() => setDialog({ device: d, mode: 'activate' })}
              data-testid="activate-device"
            >
              {t('signage.devices.activate')}
            </Button>
          )}
          {d.customer_id ? (
            <Tooltip label={t('signage.devices.removeCustomer')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('signage.devices.removeCustomer')}
                onClick={() => command.mutate(() => removeCustomer(d.device_id))}
              >
                <IconUserMinus size={16} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Tooltip label={t('signage.devices.assignCustomer')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('signage.devices.assignCustomer')}
                onClick={() => setDialog({ device: d, mode: 'customer' })}
              >
                <IconUserPlus size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {d.status === 'locked' ? (
            <Tooltip label={t('signage.devices.unlock')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('signage.devices.unlock')}
                onClick={() => command.mutate(() => updateDevice(d.device_id, { status: 'active' }))}
              >
                <IconLockOpen size={16} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Tooltip label={t('signage.devices.lock')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('signage.devices.lock')}
                onClick={() => command.mutate(() => updateDevice(d.device_id, { status: 'locked' }))}
              >
                <IconLock size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" {...PRELOAD}>
      <PageHeader
        title={t('signage.devices.title')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="add-device">
            {t('signage.addDevice.open')}
          </Button>
        }
      />
      <CollapsibleFilters id="signage-device-filters" active={(values.status === 'all' ? 0 : 1) + (values.q ? 1 : 0)}>
        <Group align="flex-end">
          <Select
            label={t('signage.devices.status')}
            data={['all', ...EFFECTIVE_STATUSES].map((s) => ({
              value: s,
              label: s === 'all' ? t('signage.devices.allStatuses') : t(`signage.status.${s}`),
            }))}
            value={values.status}
            onChange={(v) => {
              setOffset(0);
              setParam('status', v === 'all' ? null : v);
            }}
            allowDeselect={false}
            w={200}
          />
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setOffset(0);
              setParam('q', search.trim() || null);
            }}
          >
            <TextInput
              label={t('signage.devices.search')}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={260}
            />
          </form>
        </Group>
      </CollapsibleFilters>
      <DataTable
        columns={columns}
        rows={devices.data?.rows}
        rowKey={(d) => d.device_id}
        caption={t('signage.devices.title')}
        emptyText={t('signage.devices.empty')}
        loading={devices.isPending}
        error={devices.isError}
        onRetry={() => void devices.refetch()}
        paging={paging(devices.data)}
        data-testid="devices-table"
      />
      {devices.isError && <Text c="red.8">{errorMessage(devices.error, t('signage.errors.devices'))}</Text>}
      <Suspense fallback={null}>
        {dialog && <ActivationDialog device={dialog.device} mode={dialog.mode} onClose={() => setDialog(null)} />}
        {(adding || pairingCode !== undefined) && (
          <AddDeviceDialog
            code={pairingCode}
            onClose={() => {
              setAdding(false);
              if (pairing.value !== null) pairing.close();
            }}
          />
        )}
        {watchedId !== undefined && <NowPlayingDialog deviceId={watchedId} onClose={watching.close} />}
      </Suspense>
    </Stack>
  );
}
