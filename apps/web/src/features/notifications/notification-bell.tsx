import {
  ActionIcon,
  Badge,
  Box,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, isInternalLink, type PortalNotification } from '@portal/shared';
import { useAuth } from '../../lib/auth-context';
import { userSettingsQuery } from '../../lib/user-settings';
import { notificationIcon } from './notification-icon';
import { notificationText } from './notification-text';
import { Ltr } from '../../components/ltr';
import { useNotifications } from './use-notifications';

/** The notification bar of the agent area (only rendered for a signed-in user). */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const settings = useQuery(userSettingsQuery);
  const { list, unread, markRead } = useNotifications(user, settings.data?.push_notifications ?? true);
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();

  const open = (n: PortalNotification) => {
    void markRead(n.id);
    setOpened(false);
    // Straight into the agent area: the short `/tasks/{id}` link would leave it and mount the bell anew.
    if (n.task_id) navigate(`/agent-dashboard/tasks/${n.task_id}`);
    // Only paths inside the portal: anything else (an old row, another host, javascript:) is ignored.
    else if (n.link && isInternalLink(n.link)) navigate(n.link);
  };

  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={18}
      disabled={unread === 0}
      color="red"
      offset={4}
      data-testid="notification-count"
      data-count={unread}
    >
      {/* Focus moves into the panel (its first notification) and back to the bell when it closes (WCAG 2.4.3). */}
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width="min(360px, calc(100vw - 16px))"
        shadow="md"
        withinPortal
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('notifications.open', { count: unread })}
            onClick={() => setOpened((o) => !o)}
            // Escape closes the panel also before the focus has moved into it.
            onKeyDown={(e) => {
              if (e.key === 'Escape') setOpened(false);
            }}
            data-testid="notification-bell"
          >
            <IconBell size={22} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} data-testid="notification-list">
          <Group justify="space-between" px="sm" py="xs">
            <Text fw={700}>{t('notifications.title')}</Text>
            {unread > 0 && <Badge color="red">{t('notifications.unread', { count: unread })}</Badge>}
          </Group>
          <ScrollArea.Autosize mah={420}>
            {list.length === 0 ? (
              <Text c="dimmed" size="sm" p="md" ta="center" tabIndex={-1} data-autofocus>
                {t('notifications.empty')}
              </Text>
            ) : (
              <Stack gap={0}>
                {list.map((n) => {
                  const { icon: Icon, color } = notificationIcon(n.type);
                  const text = notificationText(i18n.resolvedLanguage ?? i18n.language, n);
                  return (
                    <UnstyledButton
                      key={n.id}
                      onClick={() => open(n)}
                      px="sm"
                      py="xs"
                      data-testid={`notification-${n.id}`}
                      style={{
                        borderTop: '1px solid var(--mantine-color-default-border)',
                        background: n.status === 'read' ? undefined : 'var(--mantine-color-blue-light)',
                      }}
                    >
                      <Group gap="sm" wrap="nowrap" align="flex-start">
                        <ThemeIcon variant="light" color={color} radius="xl">
                          <Icon size={16} />
                        </ThemeIcon>
                        <Box style={{ minWidth: 0 }}>
                          {/* A sentence not recognised stays as written, in its own direction. */}
                          <Text
                            size="sm"
                            fw={n.status === 'read' ? 400 : 700}
                            dir={text.translated ? undefined : 'auto'}
                            data-testid="notification-title"
                          >
                            {text.title}
                          </Text>
                          <Text
                            size="xs"
                            c="dimmed"
                            lineClamp={2}
                            dir={text.translated ? undefined : 'auto'}
                            data-testid="notification-message"
                          >
                            {text.message}
                          </Text>
                          <Text size="xs" c="dimmed">
                            <Ltr>
                              {formatDateTime(n.created_at, {
                                invalid: t('common.invalidDate'),
                                missing: t('common.na'),
                              })}
                            </Ltr>
                          </Text>
                        </Box>
                      </Group>
                    </UnstyledButton>
                  );
                })}
              </Stack>
            )}
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
