import { Card, Divider, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-context';
import { ChangePasswordForm } from './change-password-form';
import { Bidi, Ltr } from '../../components/ltr';
import { PageHeader } from '../../components/page-header';

/** Profile: email and name, and the change-password form (staff and business area alike). */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Stack maw={720}>
      <PageHeader title={t('profile.title')} />
      <Card withBorder padding="lg">
        <Table withRowBorders={false} data-testid="profile-data">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={160}>{t('profile.name')}</Table.Th>
              <Table.Td>
                <Bidi>{user.name}</Bidi>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('profile.email')}</Table.Th>
              <Table.Td>
                <Ltr>{user.email}</Ltr>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Divider my="md" />
        <ChangePasswordForm />
      </Card>
    </Stack>
  );
}
