import { Alert, Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RKSV_ORDERS_MSG, RKSV_OUTAGE_REASON_MAX, rksvCreateOutageSchema } from '@portal/shared';
import { DateDisplay } from '../../components/date-display';
import { UserText } from '../../components/ltr';
import { withTextLimit } from '../../components/text-limit';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { useCreateOutage } from './api/create-outage';
import { useRksvOutages } from './api/get-outages';
import { schemaFieldErrors } from './field-check';
import { useOneAtATime } from '../../lib/use-one-at-a-time';

/** A local datetime-local value as an ISO instant (the browser's zone: the agent types what they were told). */
const toIso = (local: string) => (local ? new Date(local).toISOString() : '');

/** Outages of an activated card (§ 17 RKSV): the list with reportable ones marked, and a form to add one. */
export function OutagesSection({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const outages = useRksvOutages(cardId);
  const create = useCreateOutage();
  const [adding, setAdding] = useState(false);
  const [form, setForm] = useState({ started: '', ended: '', reason: '' });
  const [failed, setFailed] = useState<string | null>(null);
  /** Each field's refusal (started_at, ended_at, reason), shown at the field. */
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sending = useOneAtATime();
  const rows = outages.data ?? [];
  const edit = (k: keyof typeof form, field: string, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const save = () => {
    setFailed(null);
    const body = { cardId, started_at: toIso(form.started), ended_at: form.ended ? toIso(form.ended) : null, reason: form.reason };
    const checked = schemaFieldErrors(rksvCreateOutageSchema, body);
    setErrors(checked);
    if (Object.keys(checked).length > 0) return;
    void sending.run(() =>
      create.mutateAsync({ ...body, reason: body.reason.trim() }).then(
        () => {
          setAdding(false);
          setForm({ started: '', ended: '', reason: '' });
          setErrors({});
        },
        (e: unknown) => {
          const fields = fieldErrorsOf(e);
          if (Object.keys(fields).length > 0) setErrors(fields);
          else setFailed(errorMessage(e, t('rksvOrders.saveError')));
        },
      ),
    );
  };

  return (
    <Stack gap={4} data-testid="outages">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t('rksvOrders.outages.title')}
        </Text>
        {!adding && (
          <Button size="xs" variant="subtle" onClick={() => setAdding(true)} data-testid="outage-add">
            {t('rksvOrders.outages.add')}
          </Button>
        )}
      </Group>
      {outages.isError && <Alert color="red">{t('rksvOrders.loadError')}</Alert>}
      {outages.isSuccess && rows.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('rksvOrders.outages.none')}
        </Text>
      )}
      {rows.length > 0 && (
        <Table fz="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rksvOrders.outages.started')}</Table.Th>
              <Table.Th>{t('rksvOrders.outages.ended')}</Table.Th>
              <Table.Th>{t('rksvOrders.outages.reason')}</Table.Th>
              <Table.Th>{t('rksvOrders.outages.report')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>
                  <DateDisplay value={o.started_at} time />
                </Table.Td>
                <Table.Td>{o.ended_at ? <DateDisplay value={o.ended_at} time /> : t('rksvOrders.outages.open')}</Table.Td>
                <Table.Td>
                  <UserText size="xs">{o.reason}</UserText>
                </Table.Td>
                <Table.Td>
                  {o.reportable ? (
                    <Badge color="red" size="sm">
                      {t('rksvOrders.outages.reportBy')} <DateDisplay value={o.report_deadline} />
                    </Badge>
                  ) : (
                    '–'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {adding && (
        <Stack gap="xs">
          <Group grow align="flex-start">
            <TextInput
              type="datetime-local"
              label={t('rksvOrders.outages.started')}
              required
              value={form.started}
              error={errors.started_at}
              onChange={(e) => edit('started', 'started_at', e.currentTarget.value)}
            />
            <TextInput
              type="datetime-local"
              label={t('rksvOrders.outages.ended')}
              value={form.ended}
              error={errors.ended_at}
              onChange={(e) => edit('ended', 'ended_at', e.currentTarget.value)}
            />
          </Group>
          <TextInput
            {...withTextLimit(
              { value: form.reason, error: errors.reason },
              RKSV_OUTAGE_REASON_MAX,
              RKSV_ORDERS_MSG.outageReasonTooLong,
            )}
            label={t('rksvOrders.outages.reason')}
            required
            onChange={(e) => edit('reason', 'reason', e.currentTarget.value)}
            data-testid="outage-reason"
          />
          {failed && <Alert color="red">{failed}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" size="xs" onClick={() => setAdding(false)}>
              {t('rksvOrders.outages.cancel')}
            </Button>
            <Button size="xs" disabled={!form.started || !form.reason.trim()} loading={sending.busy} onClick={save}>
              {t('rksvOrders.outages.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
