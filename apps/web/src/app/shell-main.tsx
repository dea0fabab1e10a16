import { AppShell } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ScreenLoading } from '../components/auth-loading';
import { ApplyUserSettings } from '../features/settings/apply-settings';

/** The screen part of the staff and business shells: the account's settings applied, then the screen. */
export function ShellMain() {
  return (
    <AppShell.Main>
      <ApplyUserSettings />
      {/* The sidebar stays while a screen's chunk loads on a direct visit. */}
      <Suspense fallback={<ScreenLoading />}>
        <Outlet />
      </Suspense>
    </AppShell.Main>
  );
}
