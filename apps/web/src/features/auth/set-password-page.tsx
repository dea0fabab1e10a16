import { Alert, Anchor, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AUTH_MSG, newPasswordSchema } from '@portal/shared';
import { useInvitation } from './api/get-invitation';
import { setPassword } from './api/set-password';
import { errorCode, errorMessage } from '../../lib/errors';
import { NewPasswordFields } from './components/new-password-fields';
import '../../styles/public-forms.css';

const formSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Die neuen Passwörter stimmen nicht überein',
    path: ['confirmPassword'],
  });

/** /set-password?token=…: an invited user chooses the first password (the link works once). */
export default function SetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const invitation = useInvitation(token);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: zod4Resolver(formSchema),
  });
  const submit = form.onSubmit(async ({ password }) => {
    setBusy(true);
    setError(null);
    try {
      await setPassword(token, password);
      setDone(true);
    } catch (e) {
      // The common-password rule is about the field; anything else (the link) above the form.
      if (errorCode(e) === AUTH_MSG.passwordCommon.code) form.setFieldError('password', AUTH_MSG.passwordCommon.code);
      else setError(errorMessage(e, t('login.errors.generic')));
    } finally {
      setBusy(false);
    }
  });

  const invalid = !token || invitation.isError;
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-light)">
      <Paper withBorder shadow="md" p="xl" radius="md" w="100%" maw={440}>
        <Stack>
          <Title order={1} size="h2">
            {t('setPassword.title')}
          </Title>
          {invitation.isLoading && <Loader />}
          {invalid && (
            <Alert color="red" data-testid="invitation-invalid">
              {t('setPassword.invalid')}
            </Alert>
          )}
          {done && (
            <Alert color="green" data-testid="password-set">
              {t('setPassword.done')}{' '}
              <Anchor component={Link} to="/login">
                {t('login.submit')}
              </Anchor>
            </Alert>
          )}
          {invitation.data && !done && (
            <>
              <Text>{t('setPassword.for', { name: invitation.data.name, email: invitation.data.email })}</Text>
              {error && <Alert color="red">{error}</Alert>}
              <form onSubmit={submit} noValidate>
                <Stack>
                  <NewPasswordFields
                    form={form}
                    name="password"
                    confirmName="confirmPassword"
                    label={t('setPassword.password')}
                    description={t('setPassword.rule')}
                    confirmLabel={t('setPassword.confirm')}
                  />
                  <Button type="submit" loading={busy}>
                    {t('setPassword.submit')}
                  </Button>
                </Stack>
              </form>
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
