import { Suspense, useEffect, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RTL_LANGUAGES, type Language } from '@portal/shared';
import { AuthProvider } from '../features/auth/auth-context';
import { AuthLoading } from '../components/auth-loading';
import { ApiError } from '../lib/api';
import { theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refused call (4xx) is an answer, not a hiccup: do not retry it.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});

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
      initialDirection={document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'}
      detectDirection={false}
    >
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="top-right" autoClose={3000} />
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={null}>
            <DirectionSync />
            <AuthProvider>
              <Suspense fallback={<AuthLoading />}>{children}</Suspense>
            </AuthProvider>
          </Suspense>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
