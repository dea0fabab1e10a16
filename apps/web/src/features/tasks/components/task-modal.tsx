import { Alert, Badge, Button, Divider, Group, Modal, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowBackUp,
  IconCheck,
  IconClipboardCheck,
  IconEdit,
  IconLifebuoy,
  IconLock,
  IconUserShare,
} from '@tabler/icons-react';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { TASK_TYPE, maySeeTask, type TaskStatus } from '@portal/shared';
import { useAuth } from '../../../lib/auth-context';
import { useTaskDetail } from '../api/get-task-detail';
import { useSetTaskStatus } from '../api/set-task-status';
import { notifyError, notifySuccess } from '../notify';
import { errorMessage } from '../../../lib/errors';
import { AuditFormPanel } from './audit-form-panel';
import { ClaimTaskBanner } from './claim-task-banner';
import { RequestHelpPanel } from './request-help-panel';
import { SwitchAgentPanel } from './switch-agent-panel';
import { SlaPanel } from './sla-panel';
import { TaskAuditTab } from './task-audit-tab';
import { TaskConversationsTab } from './task-conversations-tab';
import { TaskDetailsTab } from './task-details-tab';
import { TaskFilesTab } from './task-files-tab';
import { TaskMessagesTab } from './task-messages-tab';
import { TaskNotesTab } from './task-notes-tab';
import { TaskStatusBadge } from './task-status-badge';
import { TaskTimeTab } from './task-time-tab';
import { Bidi, Ltr } from '../../../components/ltr';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { AuditTrailList } from '../../../components/audit-trail/audit-trail-list';
import { useTaskAuditTrail } from '../api/get-task-audit-trail';

interface TaskModalProps {
  /** The open task, or null for a closed modal. */
  taskId: number | null;
  onClose: () => void;
  /** After the closing transition, when the dialog has left the page (where its focus went is known). */
  onClosed?: () => void;
}

/** The task modal of the spec: tabs with the task's data, and the actions in the footer. */
export function TaskModal({ taskId, onClose, onClosed }: TaskModalProps) {
  const { t } = useTranslation();
  // On a phone the modal takes the whole screen: a dialog floating over a board nobody can see is only less room.
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  return (
    <Modal.Root opened={taskId !== null} onClose={onClose} onExitTransitionEnd={onClosed} size="xl" fullScreen={phone}>
      <Modal.Overlay />
      <Modal.Content data-testid="task-modal" data-task-id={taskId ?? undefined}>
        <Modal.Header>
          <Modal.Title fw={700}>{taskId !== null ? t('tasks.modal.title', { id: taskId }) : null}</Modal.Title>
          <Modal.CloseButton aria-label={t('tasks.actions.close')} />
        </Modal.Header>
        <Modal.Body>
          {taskId !== null && <TaskModalBody key={taskId} taskId={taskId} onClose={onClose} phone={phone} />}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

type Panel = 'switch' | 'help' | 'audit' | null;
type TabName = 'details' | 'files' | 'conversations' | 'messages' | 'notes' | 'audit' | 'time' | 'changes';

/**
 * The footer's buttons: in a row on a wide screen (the task's actions, then close at the end); on a
 * phone in a grid of two columns with close last. Before, they wrapped into rows of their own with
 * close alone on the last.
 */
function Footer({ actions, close, phone }: { actions: ReactNode; close: ReactNode; phone: boolean }) {
  if (phone) {
    return (
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" data-testid="task-modal-footer">
        {actions}
        {close}
      </SimpleGrid>
    );
  }
  // One wrapping row: close goes to the end of the last row, never onto a row of its own.
  return (
    <Group gap="xs" data-testid="task-modal-footer">
      {actions}
      <div style={{ marginInlineStart: 'auto' }}>{close}</div>
    </Group>
  );
}

/** Footer buttons on a phone: the grid cell's width, a long label on two lines rather than cut off. */
const PHONE_BUTTON = {
  fullWidth: true,
  styles: { root: { height: 'auto', minHeight: 36, paddingBlock: 6 }, label: { whiteSpace: 'normal' as const } },
};

function TaskModalBody({ taskId, onClose, phone }: { taskId: number; onClose: () => void; phone: boolean }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const userId = user?.id ?? 0;
  const detail = useTaskDetail(taskId, userId);
  const setStatus = useSetTaskStatus();
  const status = useOneAtATime();
  const [tab, setTab] = useState<TabName>('details');
  const [panel, setPanel] = useState<Panel>(null);
  const title = useRef<HTMLParagraphElement>(null);
  const openers = {
    switch: useRef<HTMLButtonElement>(null),
    help: useRef<HTMLButtonElement>(null),
    audit: useRef<HTMLButtonElement>(null),
  };
  /** After a step that removes the focused button, the focus goes to `to` (once the screen has changed). */
  const focusLater = (to: RefObject<HTMLElement | null>) => requestAnimationFrame(() => to.current?.focus());
  /** A panel closes: the focus goes back to the button that opened it. */
  const closePanel = (which: Exclude<Panel, null>) => {
    setPanel(null);
    focusLater(openers[which]);
  };
  const fit = phone ? PHONE_BUTTON : {};

  const closeButton = (
    <Button variant="default" onClick={onClose} data-testid="action-close" {...fit}>
      {t('tasks.actions.close')}
    </Button>
  );

  if (detail.isPending) return <ListSkeleton rows={4} />;
  if (detail.isError || !user) {
    return (
      <Stack>
        <Alert color="red" data-testid="task-modal-error">
          {errorMessage(detail.error, t('tasks.errors.task'))}
        </Alert>
        <Group justify="flex-end">{closeButton}</Group>
      </Stack>
    );
  }

  const { taskDetails: task, taskFiles, conversations, messages, notes } = detail.data;
  const locked = task.has_audit;
  const showAuditTab = Boolean(task.erledigt_am) && task.has_audit;
  // An emergency task's time and invoice (issue 31): its own tab.
  const showTimeTab = task.typ === TASK_TYPE.emergency;
  const activeTab: TabName = (tab === 'audit' && !showAuditTab) || (tab === 'time' && !showTimeTab) ? 'details' : tab;

  // One change per click: a double click on "erledigt" never sends a second change (nor shows its 409).
  const changeStatus = (next: TaskStatus) =>
    void status.run(() =>
      setStatus.mutateAsync({ taskID: task.id, status: next }).then(
        (answer) => {
          notifySuccess(answer, t('tasks.actions.statusChanged'));
          // The button gives way to its opposite: the focus goes to the task's title.
          focusLater(title);
        },
        (e: unknown) => notifyError(e, t('tasks.actions.statusError')),
      ),
    );

  const tabLabel = (name: TabName) => t(`tasks.modal.tabs.${name}`);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Text
            ref={title}
            tabIndex={-1}
            fw={700}
            size="lg"
            dir="auto"
            style={{ overflowWrap: 'anywhere', minWidth: 0 }}
            data-testid="task-title"
          >
            {task.titel}
          </Text>
        </Group>
        <Group gap="xs">
          <TaskStatusBadge status={task.status} />
          {task.firma && (
            <Text size="sm" c="dimmed">
              <Bidi>{task.firma}</Bidi>
              {task.kundennummer ? (
                <>
                  {' ('}
                  <Ltr>{task.kundennummer}</Ltr>)
                </>
              ) : null}
            </Text>
          )}
          {task.insolvent && (
            <Badge color="red" variant="light" data-testid="task-insolvent">
              {t('tasks.modal.insolvent')}
            </Badge>
          )}
        </Group>
      </Stack>

      {locked && (
        <Alert color="gray" icon={<IconLock size={18} />} role="status" data-testid="task-locked-info">
          {t('tasks.actions.lockedInfo')}
        </Alert>
      )}
      <SlaPanel task={task} mayPause={user.role === 'admin' || task.user_id === user.id} />
      {task.user_id === null && <ClaimTaskBanner task={task} onClaimed={() => focusLater(title)} />}

      {panel === 'switch' ? (
        <SwitchAgentPanel
          task={task}
          onCancel={() => closePanel('switch')}
          onDone={(newAgentId) => {
            // Handed away, the task may no longer be one this user may see: then the modal closes.
            if (!maySeeTask(user, { ...task, user_id: newAgentId })) onClose();
            else closePanel('switch');
          }}
        />
      ) : panel === 'help' ? (
        <RequestHelpPanel
          task={task}
          userId={user.id}
          onCancel={() => closePanel('help')}
          onDone={() => closePanel('help')}
        />
      ) : panel === 'audit' ? (
        <AuditFormPanel
          task={task}
          onCancel={() => closePanel('audit')}
          onDone={() => {
            setPanel(null);
            setTab('audit');
          }}
        />
      ) : (
        <Tabs value={activeTab} onChange={(v) => v && setTab(v as TabName)} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="details" data-testid="task-modal-tab-details">
              {tabLabel('details')}
            </Tabs.Tab>
            <Tabs.Tab
              value="files"
              data-testid="task-modal-tab-files"
              rightSection={
                <Badge size="sm" variant="light" circle={taskFiles.length < 10} data-testid="files-count">
                  {taskFiles.length}
                </Badge>
              }
            >
              {tabLabel('files')}
            </Tabs.Tab>
            <Tabs.Tab value="conversations" data-testid="task-modal-tab-conversations">
              {tabLabel('conversations')}
            </Tabs.Tab>
            <Tabs.Tab value="messages" data-testid="task-modal-tab-messages">
              {tabLabel('messages')}
            </Tabs.Tab>
            <Tabs.Tab value="notes" data-testid="task-modal-tab-notes">
              {tabLabel('notes')}
            </Tabs.Tab>
            {showTimeTab && (
              <Tabs.Tab value="time" data-testid="task-modal-tab-time">
                {tabLabel('time')}
              </Tabs.Tab>
            )}
            {showAuditTab && (
              <Tabs.Tab value="audit" data-testid="task-modal-tab-audit">
                {tabLabel('audit')}
              </Tabs.Tab>
            )}
            <Tabs.Tab value="changes" data-testid="task-modal-tab-changes">
              {t('kit.auditTrail.title')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details" pt="md">
            <TaskDetailsTab task={task} />
          </Tabs.Panel>
          <Tabs.Panel value="files" pt="md">
            <TaskFilesTab task={task} files={taskFiles} />
          </Tabs.Panel>
          <Tabs.Panel value="conversations" pt="md">
            <TaskConversationsTab conversations={conversations} />
          </Tabs.Panel>
          <Tabs.Panel value="messages" pt="md">
            <TaskMessagesTab messages={messages} />
          </Tabs.Panel>
          <Tabs.Panel value="notes" pt="md">
            <TaskNotesTab task={task} initialNotes={notes} userId={user.id} />
          </Tabs.Panel>
          {showTimeTab && (
            <Tabs.Panel value="time" pt="md">
              <TaskTimeTab task={task} canRecord={user.role === 'admin' || task.user_id === user.id} />
            </Tabs.Panel>
          )}
          {showAuditTab && (
            <Tabs.Panel value="audit" pt="md">
              <TaskAuditTab taskId={task.id} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="changes" pt="md">
            <TaskChangeLog taskId={task.id} />
          </Tabs.Panel>
        </Tabs>
      )}

      <Divider />
      <Footer
        phone={phone}
        close={closeButton}
        actions={
          <>
            <Button variant="default" leftSection={<IconEdit size={16} />} disabled data-testid="action-edit" {...fit}>
              {t('tasks.actions.edit')}
            </Button>
            <Button
              {...fit}
              variant={panel === 'switch' ? 'filled' : 'light'}
              leftSection={<IconUserShare size={16} />}
              ref={openers.switch}
              disabled={locked}
              onClick={() => setPanel(panel === 'switch' ? null : 'switch')}
              data-testid="action-switch-agent"
            >
              {t('tasks.actions.switchAgent')}
            </Button>
            <Button
              {...fit}
              variant={panel === 'help' ? 'filled' : 'light'}
              leftSection={<IconLifebuoy size={16} />}
              ref={openers.help}
              disabled={locked}
              onClick={() => setPanel(panel === 'help' ? null : 'help')}
              data-testid="action-request-help"
            >
              {t('tasks.actions.requestHelp')}
            </Button>
            <Button
              {...fit}
              variant={panel === 'audit' ? 'filled' : 'light'}
              leftSection={<IconClipboardCheck size={16} />}
              ref={openers.audit}
              disabled={locked || task.status !== 'erledigt'}
              onClick={() => setPanel(panel === 'audit' ? null : 'audit')}
              data-testid="action-start-audit"
            >
              {t('tasks.actions.startAudit')}
            </Button>
            {task.status === 'offen' && (
              <Button
                {...fit}
                color="teal"
                leftSection={<IconCheck size={16} />}
                disabled={locked}
                loading={status.busy}
                onClick={() => changeStatus('erledigt')}
                data-testid="action-mark-done"
              >
                {t('tasks.actions.markDone')}
              </Button>
            )}
            {task.status === 'erledigt' && (
              <Button
                {...fit}
                variant="light"
                color="orange"
                leftSection={<IconArrowBackUp size={16} />}
                disabled={locked}
                loading={status.busy}
                onClick={() => changeStatus('offen')}
                data-testid="action-reopen"
              >
                {t('tasks.actions.reopen')}
              </Button>
            )}
          </>
        }
      />
    </Stack>
  );
}

/** Who changed the task and how (the audit trail's entries of this task, issue 34); loaded when opened. */
function TaskChangeLog({ taskId }: { taskId: number }) {
  const { t } = useTranslation();
  return <AuditTrailList trail={useTaskAuditTrail(taskId)} loadError={t('kit.auditTrail.loadError')} />;
}
