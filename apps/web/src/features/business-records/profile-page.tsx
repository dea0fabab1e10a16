import { Alert, Button, Card, Divider, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { profileInputSchema } from '@portal/shared';
import { inputProps } from '../../components/field-error';
import { Bidi, Ltr } from '../../components/ltr';
import { errorMessage } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { useProfile } from './api/get-profile';
import { useUpdateProfile } from './api/update-profile';
import { ListState } from './components';
import { PageHeader } from '../../components/page-header';

/**
 * /business-dashboard/profile: the customer record (company and number read-only: staff change them
 * through the company switch), the contact data to edit, and the password form the shell passes in
 * (the same change-password call as for staff; a feature does not import another feature).
 */
export default function BusinessProfilePage({ passwordForm }: { passwordForm?: ReactNode }) {
  const { t } = useTranslation();
  const q = useProfile();
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { kontaktperson: '', email: '', telefon: '' },
    validate: zod4Resolver(profileInputSchema),
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (!q.data) return;
    const v = { kontaktperson: q.data.kontaktperson ?? '', email: q.data.email ?? '', telefon: q.data.telefon ?? '' };
    setValues(v);
    resetDirty(v);
  }, [q.data, setValues, resetDirty]);

  const submit = form.onSubmit((v) => {
    setError(null);
    update.mutate(v, {
      onSuccess: () => notifications.show({ color: 'green', message: t('records.profile.saved') }),
      onError: (e) => setError(errorMessage(e, t('records.profile.saveError'))),
    });
  });

  return (
    <Stack maw={720}>
      <PageHeader title={t('business.sections.profile')} />
      <ListState loading={q.isPending} error={q.isError} onRetry={() => void q.refetch()} empty={false} emptyText="" />
      {q.data && (
        <Card withBorder padding="lg">
          <Table withRowBorders={false} data-testid="business-profile-data">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={180}>{t('records.profile.firma')}</Table.Th>
                <Table.Td>
                  <Bidi>{q.data.firma}</Bidi>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('records.profile.kundennummer')}</Table.Th>
                <Table.Td>
                  <Ltr>{q.data.kundennummer}</Ltr>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('records.profile.accountEmail')}</Table.Th>
                <Table.Td>
                  <Ltr>{q.data.account_email}</Ltr>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Alert variant="light" mt="sm">
            {t('records.profile.companyHint')}
          </Alert>
          <Divider my="md" />
          <Title order={2} size="h4" mb="sm">
            {t('records.profile.contactTitle')}
          </Title>
          <form onSubmit={submit} noValidate data-testid="business-profile-form">
            <Stack>
              {error && <Alert color="red">{error}</Alert>}
              <TextInput
                label={t('records.profile.kontaktperson')}
                autoComplete="name"
                {...inputProps(form, 'kontaktperson')}
              />
              <TextInput
                label={t('records.profile.email')}
                type="email"
                dir="ltr"
                autoComplete="email"
                {...inputProps(form, 'email')}
              />
              <TextInput
                label={t('records.profile.telefon')}
                type="tel"
                dir="ltr"
                autoComplete="tel"
                {...inputProps(form, 'telefon')}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={update.isPending} data-testid="business-profile-save">
                  {t('records.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      )}
      {passwordForm && (
        <Card withBorder padding="lg" id="password">
          {passwordForm}
        </Card>
      )}
    </Stack>
  );
}
