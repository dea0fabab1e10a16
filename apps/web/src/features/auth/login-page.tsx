import { useState } from 'react';
import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AuthUser } from '@portal/shared';
import { signIn as postSignIn } from './api/sign-in';
import { errorMessage, hasStatus } from '../../lib/errors';
import { useDeferredValidation } from '../../lib/deferred-validation';
import { inputProps } from '../../components/field-error';
import { useAuth } from '../../lib/auth-context';
import { LanguageMenu } from '../../components/language-menu';
import '../../styles/public-forms.css';

interface Props {
  /** The business login admits customers only and leads to their dashboard. */
  variant: 'staff' | 'business';
}

const loadLoginChecks = async () => (await import('./login-validation')).validateLogin;

export function homeFor(role: AuthUser['role'], variant: Props['variant']): string {
  if (role !== 'customer') return '/agent-dashboard';
  return variant === 'business' ? '/business-dashboard/overview' : '/business-dashboard';
}

export function LoginPage({ variant }: Props) {
  const { t } = useTranslation();
  const { signIn, user, isAuthLoading } = useAuth();
  const navigate = useNavigate();
  // The staff address the guard sent here from (router state, never the URL: no open redirect).
  const from = (useLocation().state as { from?: string } | null)?.from;
  const target = (role: AuthUser['role']) =>
    role !== 'customer' && from?.startsWith('/agent-dashboard/') ? from : homeFor(role, variant);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const checks = useDeferredValidation(loadLoginChecks);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: checks.validate,
    transformValues: (v) => ({ email: v.email.trim(), password: v.password.trim() }),
  });

  if (!isAuthLoading && user) return <Navigate to={target(user.role)} replace />;

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setSubmitting(true);
    try {
      const answer = await postSignIn(variant, values);
      signIn(answer);
      navigate(target(answer.role), { replace: true });
    } catch (e) {
      if (hasStatus(e, 404)) setError(t('login.errors.notFound'));
      else if (hasStatus(e, 401)) setError(errorMessage(e, t('login.errors.invalid')));
      else setError(errorMessage(e, t('login.errors.generic'), (s) => [400, 403, 429].includes(s)));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-light)">
      <Paper withBorder shadow="md" p="xl" radius="md" w="100%" maw={420}>
        <Stack>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <Title order={1} size="h2">
              {variant === 'business' ? t('login.businessTitle') : t('login.title')}
            </Title>
            <LanguageMenu languages={['de', 'en', 'fr', 'ar']} />
          </div>
          <Text c="dimmed" size="sm">
            {variant === 'business' ? t('login.businessSubtitle') : t('login.subtitle')}
          </Text>
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="login-error">
              {error}
            </Alert>
          )}
          <form onFocus={checks.onFocus} onSubmit={checks.onSubmit(() => submit())} noValidate>
            <Stack>
              <TextInput
                type="email"
                label={t('login.email')}
                autoComplete="username"
                required
                key={form.key('email')}
                {...inputProps(form, 'email')}
              />
              <PasswordInput
                label={t('login.password')}
                autoComplete="current-password"
                required
                key={form.key('password')}
                {...inputProps(form, 'password')}
              />
              <Button type="submit" loading={submitting} disabled={submitting} fullWidth size="md">
                {t('login.submit')}
              </Button>
            </Stack>
          </form>
          <Text size="sm" ta="center">
            {variant === 'business' ? (
              <Anchor component={RouterLink} to="/login">
                {t('login.toStaff')}
              </Anchor>
            ) : (
              <Anchor component={RouterLink} to="/business-login">
                {t('login.toBusiness')}
              </Anchor>
            )}
            {' · '}
            <Anchor component={RouterLink} to="/">
              {t('common.backHome')}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}

export default function StaffLoginPage() {
  return <LoginPage variant="staff" />;
}
