import { Alert, Badge, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerFileLink } from '../../../components/customer-file-link';
import { isOverdue, type TaskDetails } from '@portal/shared';
import { useDateTime } from '../use-date-time';
import { useTaskTypeLabel } from '../use-task-type-label';
import { TaskStatusBadge } from './task-status-badge';
import { Bidi, Ltr } from '../../../components/ltr';

/** One value; `ltr` for numbers, addresses and dates, which read left-to-right in every language. */
function Field({
  label,
  children,
  testId,
  ltr,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  ltr?: boolean;
}) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {empty ? '–' : ltr ? <Ltr>{children}</Ltr> : <Bidi>{children}</Bidi>}
      </Text>
    </div>
  );
}

/** The task and its customer. */
export function TaskDetailsTab({ task }: { task: TaskDetails }) {
  const { t } = useTranslation();
  const fmt = useDateTime();
  const typeLabel = useTaskTypeLabel();
  const overdue = isOverdue(task);

  return (
    <Stack gap="md">
      <Group gap="xs">
        <TaskStatusBadge status={task.status} />
        <Badge variant="light" data-testid="task-type-badge">
          {typeLabel(task.typ, task.tasktype)}
        </Badge>
        {overdue && (
          <Badge color="red" variant="filled">
            {t('tasks.card.overdue')}
          </Badge>
        )}
      </Group>
      <div>
        <Text size="xs" c="dimmed" fw={600}>
          {t('tasks.details.description')}
        </Text>
        <Text
          size="sm"
          dir="auto"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="task-description"
        >
          {task.beschreibung}
        </Text>
      </div>
      {task.help_request && (
        <Alert
          color="yellow"
          icon={<IconLifebuoy size={18} />}
          title={t('tasks.details.helpRequest')}
          // Yellow text on light yellow is unreadable (WCAG contrast): the title in the text colour.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          role="status"
          data-testid="task-help-request"
        >
          <Text size="sm">
            {t('tasks.details.helpRequestText', {
              requester: task.help_request.requested_by_name,
              agent: task.help_request.agent_name,
              date: fmt(task.help_request.created_at),
            })}
          </Text>
          <Text size="sm" mt={4} dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
            {task.help_request.comment}
          </Text>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <Field label={t('tasks.details.agent')} testId="task-agent">
          {task.agent_name ?? t('tasks.card.notAssigned')}
        </Field>
        <Field label={t('tasks.details.createdBy')}>{task.created_by_name}</Field>
        <Field label={t('tasks.details.requestedAgent')}>{task.requested_agent_name}</Field>
        <Field label={t('tasks.details.created')} ltr>
          {fmt(task.erstellt_am)}
        </Field>
        <Field label={t('tasks.details.due')}>
          <Text span size="sm" c={overdue ? 'red' : undefined} fw={overdue ? 600 : undefined}>
            <Ltr>{fmt(task.frist)}</Ltr>
          </Text>
        </Field>
        <Field label={t('tasks.details.done')} ltr>
          {task.erledigt_am ? fmt(task.erledigt_am) : null}
        </Field>
        <Field label={t('tasks.details.closed')} ltr>
          {task.abgeschlossen_am ? fmt(task.abgeschlossen_am) : null}
        </Field>
      </SimpleGrid>
      <Divider label={t('tasks.details.customer')} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <Field label={t('tasks.details.company')}>{task.firma}</Field>
        <Field label={t('tasks.details.customerNumber')} ltr>
          {task.kundennummer}
        </Field>
        {task.customer_id !== null && (
          <Field label={t('kit.customerFile')}>
            <CustomerFileLink customerId={task.customer_id} firma={task.firma ?? task.kundennummer ?? ''} />
          </Field>
        )}
        <Field label={t('tasks.details.contact')}>{task.kontaktperson}</Field>
        <Field label={t('tasks.details.address')}>{task.adresse}</Field>
        <Field label={t('tasks.details.zip')} ltr>
          {task.plz}
        </Field>
        <Field label={t('tasks.details.city')}>{task.ort}</Field>
        <Field label={t('tasks.details.email')} ltr testId="task-email">
          {task.email}
        </Field>
        <Field label={t('tasks.details.phoneCompany')} ltr testId="task-phone-company">
          {task.telefon_firma}
        </Field>
        <Field label={t('tasks.details.phonePrivate')} ltr testId="task-phone-private">
          {task.telefon_privat}
        </Field>
        <Field label={t('tasks.details.phoneMobile')} ltr testId="task-phone-mobile">
          {task.telefon_mobil}
        </Field>
        <Field label={t('tasks.details.uid')} ltr>
          {task.uid}
        </Field>
      </SimpleGrid>
    </Stack>
  );
}
