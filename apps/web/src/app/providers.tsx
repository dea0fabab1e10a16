import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, mergeThemeOverrides, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RTL_LANGUAGES, type Language } from '@portal/shared';
import { AuthProvider } from '../lib/auth-context';
import { AuthLoading } from '../components/auth-loading';
import { DeferredToasts } from './deferred-toasts';
import { contrastResolver, theme } from './theme';

/**
 * The theme with the close buttons of toasts and dialogs named in the current language (never
 * suspends), so no modal of any area leaves its close button without a name. A plain
 * override object, not Notification.extend(): that would pull the toast component into every page.
 */
function ThemedMantine({ children }: { children: ReactNode }) {
  const { t } = useTranslation(undefined, { useSuspense: false });
  const localized = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } } },
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } } },
        },
      }),
    [t],
  );
  return (
    <MantineProvider theme={localized} cssVariablesResolver={contrastResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}

/** Keeps Mantine's direction in step with the language (Arabic is right-to-left). */
function DirectionSync() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const lang = (i18n.resolvedLanguage ?? 'de') as Language;
  useEffect(() => {
    setDirection(RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr');
  }, [lang, setDirection]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <DirectionProvider
      initialDirection={typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'}
      detectDirection={false}
    >
      <ThemedMantine>
        <DeferredToasts />
        <Suspense fallback={null}>
          <DirectionSync />
          <AuthProvider>
            <Suspense fallback={<AuthLoading />}>{children}</Suspense>
          </AuthProvider>
        </Suspense>
      </ThemedMantine>
    </DirectionProvider>
  );
}
