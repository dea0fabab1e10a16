import { Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '../../lib/toasts';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_MSG, changePasswordFormSchema } from '@portal/shared';
import { changePassword } from './api/change-password';
import { errorCode, serverMessage } from '../../lib/errors';
import { inputProps } from '../../components/field-error';
import { NewPasswordFields } from './components/new-password-fields';

/** Change-password form of the profile: the confirmation must match; other sessions end on success. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    validate: zod4Resolver(changePasswordFormSchema),
  });
  const submit = form.onSubmit(async ({ oldPassword, newPassword }) => {
    setBusy(true);
    try {
      await changePassword(oldPassword, newPassword);
      notifications.show({ color: 'green', message: t('profile.passwordChanged') });
      form.reset();
    } catch (e) {
      // The server's own password rules belong under the field they are about.
      const code = errorCode(e);
      if (code === AUTH_MSG.passwordCommon.code || code === AUTH_MSG.passwordUnchanged.code) {
        form.setFieldError('newPassword', code);
        return;
      }
      const detail = serverMessage(e, (status) => status === 400);
      const detailText = detail ? ` ${detail}` : '';
      notifications.show({ color: 'red', message: `${t('profile.passwordError')}${detailText}` });
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="change-password-form">
      <Stack maw={420}>
        <Title order={2} size="h4">
          {t('profile.changePassword')}
        </Title>
        <PasswordInput
          label={t('profile.oldPassword')}
          autoComplete="current-password"
          required
          key={form.key('oldPassword')}
          {...inputProps(form, 'oldPassword')}
        />
        <NewPasswordFields
          form={form}
          name="newPassword"
          confirmName="confirmPassword"
          label={t('profile.newPassword')}
          description={t('profile.passwordRule')}
          confirmLabel={t('profile.confirmPassword')}
        />
        <Button type="submit" loading={busy} w="fit-content">
          {t('profile.savePassword')}
        </Button>
      </Stack>
    </form>
  );
}
