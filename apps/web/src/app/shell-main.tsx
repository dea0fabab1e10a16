import { Alert, AppShell } from '@mantine/core';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ScreenLoading } from '../components/auth-loading';
import { ApplyUserSettings } from '../features/settings/apply-settings';
import { MAIN_CONTENT_ID } from '../components/skip-link';

/**
 * The screen part of the staff and business shells: the account's settings applied, a notice the shell
 * passes (why the person landed here), then the screen.
 */
export function ShellMain({ notice }: { notice?: ReactNode }) {
  const { pathname } = useLocation();
  const first = useRef(true);
  // A new screen whose opener went with the old one (a submit that navigates, a link in a closed
  // panel) would leave the focus on the page body (WCAG 2.4.3): the main content takes it instead.
  // Focus that is still on something (the sidebar link just used) stays where it is.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const id = window.setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body) document.getElementById(MAIN_CONTENT_ID)?.focus();
    }, 0);
    return () => window.clearTimeout(id);
  }, [pathname]);
  return (
    // The skip link's target: it takes the focus (tabIndex -1) without being a Tab stop.
    <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
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
