import { Badge, Box, Button, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../lib/auth-context';
import { Ltr } from './ltr';

/** The bottom of both sidebars (staff and business): logout, then the user's email and role. */
export function SidebarUser() {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  if (!user) return null;
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconLogout size={16} />}
        onClick={() => void logout()}
        justify="flex-start"
        data-testid="logout"
      >
        {t('nav.logout')}
      </Button>
      <Box px="xs" pb="xs">
        <Text size="sm" fw={600} truncate data-testid="sidebar-email">
          <Ltr>{user.email}</Ltr>
        </Text>
        <Badge size="sm" variant="light" data-testid="sidebar-role">
          {t(`roles.${user.role}`)}
        </Badge>
      </Box>
    </>
  );
}
