import { Alert, Button, Group, Modal, NumberInput, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SLA_CLOCKS, slaPolicyInputSchema, type SlaPolicyInput, type SlaPolicyView } from '@portal/shared';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { fieldError, inputProps } from '../../components/field-error';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { useOneAtATime } from '../../lib/use-one-at-a-time';
import { useSlaPolicies } from './api/get-sla-policies';
import { useUpdateSlaPolicy } from './api/update-sla-policy';

interface Values {
  response_minutes: number | string;
  resolution_minutes: number | string;
  clock: string;
}

const toBody = (v: Values): SlaPolicyInput => ({
  response_minutes: v.response_minutes === '' ? Number.NaN : Number(v.response_minutes),
  resolution_minutes: v.resolution_minutes === '' ? null : Number(v.resolution_minutes),
  clock: v.clock as SlaPolicyInput['clock'],
});

function PolicyDialog({ policy, onClose }: { policy: SlaPolicyView; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useUpdateSlaPolicy();
  const { busy, run } = useOneAtATime();
  const [confirming, setConfirming] = useState<SlaPolicyInput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      response_minutes: policy.response_minutes,
      resolution_minutes: policy.resolution_minutes ?? '',
      clock: policy.clock,
    },
    validate: (v) => {
      const r = slaPolicyInputSchema.safeParse(toBody(v));
      return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
    },
  });
  const type = t(`serviceLevels.types.${policy.task_type_id}`);
  return (
    <>
      <Modal opened={confirming === null} onClose={onClose} title={t('serviceLevels.policies.editTitle', { type })}>
        <form noValidate onSubmit={form.onSubmit((v) => setConfirming(toBody(v)))}>
          <Stack>
            {error && <Alert color="red">{error}</Alert>}
            <NumberInput
              label={t('serviceLevels.policies.response')}
              required
              min={1}
              allowDecimal={false}
              {...inputProps(form, 'response_minutes')}
              data-testid="policy-response"
            />
            <NumberInput
              label={t('serviceLevels.policies.resolution')}
              description={t('serviceLevels.policies.resolutionHint')}
              min={1}
              allowDecimal={false}
              {...inputProps(form, 'resolution_minutes')}
              data-testid="policy-resolution"
            />
            <Select
              label={t('serviceLevels.policies.clock')}
              data={SLA_CLOCKS.map((c) => ({ value: c, label: t(`serviceLevels.clocks.${c}`) }))}
              allowDeselect={false}
              value={form.values.clock}
              onChange={(v) => form.setFieldValue('clock', v ?? 'business')}
              error={fieldError(form.errors.clock)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" data-testid="policy-save">
                {t('serviceLevels.policies.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={confirming !== null}
        title={t('serviceLevels.confirmTitle')}
        text={t('serviceLevels.confirmText', { n: policy.open_tasks })}
        confirmLabel={t('serviceLevels.confirmSave')}
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          confirming &&
          void run(() =>
            save.mutateAsync({ taskTypeId: policy.task_type_id, ...confirming }).then(
              (res) => {
                notifications.show({ color: 'green', message: t('serviceLevels.saved', { n: res.recomputed }) });
                onClose();
              },
              (e: unknown) => {
                setConfirming(null);
                form.setErrors(fieldErrorsOf(e));
                setError(errorMessage(e, t('serviceLevels.saveError')));
              },
            ),
          )
        }
      />
    </>
  );
}

/** Every task type's service level, each changed in a dialog (issue 31). */
export function PolicyTable() {
  const { t } = useTranslation();
  const q = useSlaPolicies();
  const [editing, setEditing] = useState<SlaPolicyView | null>(null);
  return (
    <>
      <DataTable<SlaPolicyView>
        caption={t('serviceLevels.policies.caption')}
        emptyText={t('serviceLevels.policies.empty')}
        rows={q.data}
        rowKey={(p) => p.task_type_id}
        loading={q.isPending}
        error={q.isError}
        onRetry={() => void q.refetch()}
        columns={[
          { key: 'type', header: t('serviceLevels.policies.type'), cell: (p) => t(`serviceLevels.types.${p.task_type_id}`) },
          {
            key: 'response',
            header: t('serviceLevels.policies.response'),
            align: 'end',
            cell: (p) => t('serviceLevels.minutes', { n: p.response_minutes }),
          },
          {
            key: 'resolution',
            header: t('serviceLevels.policies.resolution'),
            align: 'end',
            cell: (p) =>
              p.resolution_minutes === null
                ? t('serviceLevels.policies.ownDeadline')
                : t('serviceLevels.minutes', { n: p.resolution_minutes }),
          },
          { key: 'clock', header: t('serviceLevels.policies.clock'), cell: (p) => t(`serviceLevels.clocks.${p.clock}`) },
          { key: 'open', header: t('serviceLevels.policies.open'), align: 'end', cell: (p) => p.open_tasks },
          {
            key: 'actions',
            header: t('serviceLevels.days.actions'),
            align: 'end',
            cell: (p) => (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => setEditing(p)}
                data-testid={`policy-edit-${p.task_type_id}`}
              >
                {t('serviceLevels.policies.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing && <PolicyDialog key={editing.task_type_id} policy={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
