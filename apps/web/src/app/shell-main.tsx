import { Alert, AppShell } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ScreenLoading } from '../components/auth-loading';
import { ApplyUserSettings } from '../features/settings/apply-settings';

/**
 * The screen part of the staff and business shells: the account's settings applied, a notice the shell
 * passes (why the person landed here), then the screen.
 */
export function ShellMain({ notice }: { notice?: ReactNode }) {
  return (
    <AppShell.Main>
      <ApplyUserSettings />
      {notice && (
        <Alert color="orange" mb="md" role="alert" data-testid="shell-notice">
          {notice}
        </Alert>
      )}
      {/* The sidebar stays while a screen's chunk loads on a direct visit. */}
      <Suspense fallback={<ScreenLoading />}>
        <Outlet />
      </Suspense>
    </AppShell.Main>
  );
}
