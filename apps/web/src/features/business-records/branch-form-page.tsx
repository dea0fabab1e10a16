import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { branchInputSchema, type Branch } from '@portal/shared';
import { inputProps } from '../../components/field-error';
import { errorMessage } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { useBranches } from './api/get-branches';
import { useCreateBranch } from './api/create-branch';
import { useUpdateBranch } from './api/update-branch';
import { ListState } from './components';
import { PageHeader } from '../../components/page-header';

const EMPTY = { name: '', address: '', zipcode: '', city: '', phone: '', opening_hours: '' };
const toValues = (b: Branch) => ({ ...b, phone: b.phone ?? '', opening_hours: b.opening_hours ?? '' });

/** /business-dashboard/branches/new and /business-dashboard/branches/{id}: add or change a branch. */
export default function BranchFormPage() {
  const { t } = useTranslation();
  const params = useParams();
  const isNew = params.id === 'new';
  const id = isNew ? undefined : Number(params.id);
  const q = useBranches();
  const branch = id ? q.data?.find((b) => b.id === id) : undefined;
  const create = useCreateBranch();
  const update = useUpdateBranch();
  const save = id ? update : create;
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: EMPTY, validate: zod4Resolver(branchInputSchema) });
  const { setValues, resetDirty } = form;

  useEffect(() => {
    if (branch) {
      setValues(toValues(branch));
      resetDirty(toValues(branch));
    }
  }, [branch, setValues, resetDirty]);

  const back = (
    <Anchor component={Link} to="/business-dashboard/branches">
      {t('records.branches.back')}
    </Anchor>
  );
  const title = isNew ? t('records.branches.newTitle') : t('records.branches.editTitle');
  if (!isNew) {
    if (q.isPending || q.isError)
      return (
        <Stack>
          <PageHeader title={title} />
          <ListState
            loading={q.isPending}
            error={q.isError}
            onRetry={() => void q.refetch()}
            empty={false}
            emptyText=""
          />
        </Stack>
      );
    if (!branch)
      return (
        <Stack>
          <PageHeader title={title} />
          <Alert color="yellow" data-testid="branch-not-found">
            {t('records.branches.notFound')}
          </Alert>
          {back}
        </Stack>
      );
  }

  const submit = form.onSubmit((v) => {
    setError(null);
    const done = {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: isNew ? t('records.branches.created') : t('records.branches.saved'),
        });
        void navigate('/business-dashboard/branches');
      },
      onError: (e: Error) => setError(errorMessage(e, t('records.branches.saveError'))),
    };
    if (id) update.mutate({ id, ...v }, done);
    else create.mutate(v, done);
  });

  return (
    <Stack maw={720}>
      <PageHeader title={title} />
      {back}
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate data-testid="branch-form">
          <Stack>
            {error && (
              <Alert color="red" data-testid="branch-error">
                {error}
              </Alert>
            )}
            <TextInput label={t('records.branches.name')} required {...inputProps(form, 'name')} />
            <TextInput
              label={t('records.branches.address')}
              required
              autoComplete="street-address"
              {...inputProps(form, 'address')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                label={t('records.branches.zipcode')}
                required
                autoComplete="postal-code"
                inputMode="numeric"
                {...inputProps(form, 'zipcode')}
              />
              <TextInput
                label={t('records.branches.city')}
                required
                autoComplete="address-level2"
                {...inputProps(form, 'city')}
              />
            </SimpleGrid>
            <TextInput
              label={t('records.branches.phone')}
              type="tel"
              dir="ltr"
              autoComplete="tel"
              {...inputProps(form, 'phone')}
            />
            <Textarea
              label={t('records.branches.openingHours')}
              description={t('records.branches.openingHoursHint')}
              autosize
              minRows={2}
              {...inputProps(form, 'opening_hours')}
            />
            <Group justify="flex-end">
              <Button component={Link} to="/business-dashboard/branches" variant="default">
                {t('records.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="branch-save">
                {t('records.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
