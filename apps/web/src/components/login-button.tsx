import { ActionIcon, Button } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The public header's login: a labelled button, an icon alone on narrow phones so the header fits 375 px. */
export function LoginButton({ variant = 'filled', testId }: { variant?: 'filled' | 'light'; testId?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        component={Link}
        to="/login"
        variant={variant}
        leftSection={<IconLogin size={18} />}
        visibleFrom="xs"
        data-testid={testId}
      >
        {t('landing.login')}
      </Button>
      <ActionIcon
        component={Link}
        to="/login"
        variant={variant}
        size="lg"
        hiddenFrom="xs"
        aria-label={t('landing.login')}
        data-testid={testId ? `${testId}-compact` : undefined}
      >
        <IconLogin size={18} />
      </ActionIcon>
    </>
  );
}
