import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMapPin, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Branch } from '@portal/shared';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Bidi, Ltr } from '../../components/ltr';
import { errorMessage } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { useDeleteBranch } from './api/delete-branch';
import { useBranches } from './api/get-branches';
import { ListState } from './components';
import { PageHeader } from '../../components/page-header';

/** /business-dashboard/branches: the customer's branches as cards (one column on a phone). */
export default function BranchesPage() {
  const { t } = useTranslation();
  const q = useBranches();
  const remove = useDeleteBranch();
  const [toDelete, setToDelete] = useState<Branch | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(
      { id: toDelete.id },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('records.branches.deleted') });
          setToDelete(null);
        },
        onError: (e) => {
          notifications.show({ color: 'red', message: errorMessage(e, t('records.branches.deleteError')) });
          setToDelete(null);
        },
      },
    );
  };

  return (
    <Stack>
      <PageHeader
        title={t('business.sections.branches')}
        actions={
          <Button
            component={Link}
            to="/business-dashboard/branches/new"
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t('records.branches.add')}
          </Button>
        }
      />
      <ListState
        loading={q.isPending}
        error={q.isError}
        onRetry={() => void q.refetch()}
        empty={q.data?.length === 0}
        emptyText={t('records.branches.empty')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {q.data?.map((b) => (
          <Card key={b.id} withBorder padding="md" data-testid="branch-card">
            <Stack gap={4}>
              <Group gap="xs" wrap="nowrap">
                <IconMapPin size={18} aria-hidden />
                <Text fw={600} component="h2" size="md" m={0}>
                  <Bidi>{b.name}</Bidi>
                </Text>
              </Group>
              <Text size="sm">
                <Bidi>{b.address}</Bidi>
              </Text>
              <Text size="sm">
                <Ltr>{b.zipcode}</Ltr> <Bidi>{b.city}</Bidi>
              </Text>
              {b.phone && (
                <Text size="sm">
                  {t('records.branches.phone')}: <Ltr>{b.phone}</Ltr>
                </Text>
              )}
              {b.opening_hours && (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {t('records.branches.openingHours')}: <Bidi>{b.opening_hours}</Bidi>
                </Text>
              )}
              <Group mt="sm" gap="xs">
                <Button
                  component={Link}
                  to={`/business-dashboard/branches/${b.id}`}
                  size="xs"
                  variant="light"
                  leftSection={<IconPencil size={14} aria-hidden />}
                  aria-label={`${t('records.branches.edit')}: ${b.name}`}
                >
                  {t('records.branches.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => setToDelete(b)}
                  aria-label={`${t('records.branches.delete')}: ${b.name}`}
                >
                  {t('records.branches.delete')}
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('records.branches.deleteTitle')}
        text={t('records.branches.deleteText', { name: toDelete?.name ?? '' })}
        confirmLabel={t('records.branches.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
