import { Alert, Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueries } from '@tanstack/react-query';
import { notifications } from '../../lib/toasts';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createUserSchema, type Flag } from '@portal/shared';
import { createUser } from './api/create-user';
import { agentLevelsQuery } from './api/list-agent-levels';
import { countriesQuery } from './api/list-countries';
import { rolesQuery } from './api/list-roles';
import { errorMessage } from '../../lib/errors';
import { translateMessage } from '../../lib/translate-message';
import { inputProps } from '../../components/field-error';
import { PageHeader } from '../../components/page-header';
import { ListSkeleton } from '../../components/list-skeleton';

/** The permission checkboxes of the spec's create-agent page. */
const PERMISSIONS: Flag[] = ['tasks', 'acceptances', 'rmas', 'field_service_orders', 'reorder_goods'];

export default function CreateAgentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [countries, roles, levels] = useQueries({ queries: [countriesQuery(), rolesQuery(), agentLevelsQuery()] });
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', tel: '', country: '', role: '', agentLevel: '', permissions: [] as string[] },
    validate: zod4Resolver(createUserSchema),
  });

  const loading = countries.isPending || roles.isPending || levels.isPending;
  const loadFailed = countries.isError || roles.isError || levels.isError;

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setBusy(true);
    try {
      const answer = await createUser({
        ...values,
        country: Number(values.country),
        role: Number(values.role),
        agentLevel: Number(values.agentLevel),
        // The checkboxes offer only PERMISSIONS; the server checks the names again.
        permissions: values.permissions as Flag[],
      });
      notifications.show({ color: 'green', message: translateMessage(answer.message, answer.code) });
      navigate('/agent-dashboard');
    } catch (e) {
      setError(errorMessage(e, t('createAgent.error')));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Stack maw={760}>
      <PageHeader title={t('createAgent.title')} />
      {loadFailed && (
        <Alert color="red" data-testid="form-data-error">
          {t('createAgent.loadError')}
        </Alert>
      )}
      {error && (
        <Alert color="red" data-testid="create-agent-error">
          {error}
        </Alert>
      )}
      {loading ? (
        <ListSkeleton rows={4} />
      ) : (
        <Card withBorder padding="lg">
          <form onSubmit={submit} noValidate>
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('createAgent.name')}
                  required
                  key={form.key('name')}
                  {...inputProps(form, 'name')}
                />
                <TextInput
                  label={t('createAgent.email')}
                  type="email"
                  required
                  key={form.key('email')}
                  {...inputProps(form, 'email')}
                />
                <TextInput
                  label={t('createAgent.tel')}
                  type="tel"
                  required
                  key={form.key('tel')}
                  {...inputProps(form, 'tel')}
                />
                <Select
                  label={t('createAgent.country')}
                  required
                  data={(countries.data ?? []).map((c) => ({ value: String(c.id), label: c.country_name }))}
                  key={form.key('country')}
                  {...inputProps(form, 'country')}
                />
                <Select
                  label={t('createAgent.role')}
                  required
                  data={(roles.data ?? []).map((r) => ({
                    value: String(r.id),
                    label: t(`roles.${r.role_name}`, { defaultValue: r.role_name }),
                  }))}
                  key={form.key('role')}
                  {...inputProps(form, 'role')}
                />
                <Select
                  label={t('createAgent.level')}
                  required
                  data={(levels.data ?? []).map((l) => ({ value: String(l.id), label: l.level_name }))}
                  key={form.key('agentLevel')}
                  {...inputProps(form, 'agentLevel')}
                />
              </SimpleGrid>
              <Checkbox.Group
                label={t('createAgent.permissions')}
                key={form.key('permissions')}
                {...inputProps(form, 'permissions')}
              >
                <Group mt="xs">
                  {PERMISSIONS.map((p) => (
                    <Checkbox key={p} value={p} label={t(`flags.${p}`)} />
                  ))}
                </Group>
              </Checkbox.Group>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => navigate('/agent-dashboard')}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={busy} disabled={loadFailed}>
                  {t('createAgent.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      )}
    </Stack>
  );
}
