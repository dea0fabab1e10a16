import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  /** The action's own verb ("Löschen", "Stornieren"); defaults to "Bestätigen". */
  confirmLabel?: string;
  /** Red confirm button: the action cannot be undone. */
  destructive?: boolean;
  /** The action is running: confirm shows a spinner, neither button can be pressed twice. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?" before an action that changes or removes something for good. Cancel has the focus. */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  destructive,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={busy ? () => {} : onCancel} title={title} centered data-testid="confirm-dialog">
      <Text size="sm">{text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
          {t('common.cancel')}
        </Button>
        <Button
          color={destructive ? 'red' : undefined}
          onClick={onConfirm}
          loading={busy}
          data-testid="confirm-dialog-confirm"
        >
          {confirmLabel ?? t('kit.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
