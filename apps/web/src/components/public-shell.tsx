import { Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from './language-menu';
import { LoginButton } from './login-button';
import { PublicFooter } from './public-footer';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import '../styles/public-forms.css';

/** Header, frame and legal footer of the public pages: mobile first, one column, the login one tap away. */
export function PublicShell({ children, size = 'md' }: { children: ReactNode; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-light)">
      <SkipLink />
      <Container size={size} py="md">
        <Group justify="space-between" mb="lg" wrap="nowrap">
          <Text
            component={Link}
            to="/"
            fw={800}
            size="lg"
            c="inherit"
            style={{ textDecoration: 'none', whiteSpace: 'nowrap' }}
          >
            {t('app.name')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <LanguageMenu languages={['de', 'en', 'fr']} />
            <LoginButton variant="light" />
          </Group>
        </Group>
        <main id={MAIN_CONTENT_ID} tabIndex={-1}>
          {children}
        </main>
        <PublicFooter />
      </Container>
    </Box>
  );
}
