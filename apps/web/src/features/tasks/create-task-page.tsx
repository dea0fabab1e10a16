import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COMMON_MSG, CUSTOMER_SEARCH_MIN, createTaskSchema, TEXT_LIMITS, UPLOAD_MAX_FILES } from '@portal/shared';
import { CustomerPicker } from '../../components/customer-picker';
import { DateInput } from '../../components/date-input';
import { fieldError, inputProps } from '../../components/field-error';
import { withTextLimit } from '../../components/text-limit';
import { useAuth } from '../../lib/auth-context';
import { useCreateTask } from './api/create-task';
import { useAgents } from './api/get-agents';
import { useTaskTypes } from './api/get-task-types';
import { customerSearch, hasCustomerSearch } from '../../lib/customer-search';
import { DeferredFileDropzone, fileDropzonePart } from '../../components/upload/deferred-file-dropzone';
import { useLoadOnIntent } from '../../lib/lazy-page';
import { SelectedFiles } from '../../components/upload/selected-files';
import { UploadProgress } from '../../components/upload/upload-progress';
import { notifySuccess } from './notify';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { useOneAtATime } from '../../lib/use-one-at-a-time';
import { focusFirstInvalidSoon } from '../../lib/focus-first-invalid';
import { localDateTimeToIso } from './task-utils';
import { useFileSelection } from '../../components/upload/use-file-selection';
import { useTaskTypeLabel } from './use-task-type-label';
import { PageHeader } from '../../components/page-header';

const DASHBOARD = '/agent-dashboard';
const FORM = '[data-testid="create-task-form"]';

/**
 * /agent-dashboard/create-task: a new task with customer and attachments, checked by createTaskSchema
 * here and again by the server; each refusal shows at its field (an empty submit focuses the first
 * one). One task per submit, however often it is clicked.
 */
export default function CreateTaskPage() {
  // The drop zone's code comes with the first pointer or focus in the form (its box shows meanwhile).
  const dropzone = useLoadOnIntent(fileDropzonePart);
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const types = useTaskTypes();
  const agents = useAgents();
  const create = useCreateTask();
  const { busy, run: send } = useOneAtATime();
  const files = useFileSelection();
  const typeLabel = useTaskTypeLabel();
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      titel: '',
      beschreibung: '',
      frist: '',
      typ: '',
      // An agent usually creates a task for themselves; an admin chooses.
      userID: user?.role === 'agent' ? String(user.id) : '',
      kundennummer: '',
      firma: '',
    },
    validate: zod4Resolver(createTaskSchema),
  });

  if (!user) return null;
  const customers = customerSearch(user.country_id ?? 1);
  const searchable = hasCustomerSearch(user.country_id ?? 1);

  const submit = form.onSubmit(
    (values) => {
      setError(null);
      setProgress(0);
      send(() =>
        create
          .mutateAsync({
            values: {
              titel: values.titel.trim(),
              beschreibung: values.beschreibung.trim(),
              frist: localDateTimeToIso(values.frist),
              typ: Number(values.typ),
              userID: Number(values.userID),
              kundennummer: values.kundennummer,
              firma: values.firma || undefined,
              createdByUserID: user.id,
            },
            files: files.files,
            onProgress: setProgress,
          })
          .then(
            (answer) => {
              notifySuccess(answer, t('tasks.create.success'));
              navigate(DASHBOARD);
            },
            (e: unknown) => {
              // The server's refusals at their fields; what belongs to no field of the form above it.
              const fields = Object.entries(fieldErrorsOf(e)).filter(([f]) => f in form.values);
              if (fields.length > 0) {
                form.setErrors(Object.fromEntries(fields));
                focusFirstInvalidSoon(FORM);
              } else setError(errorMessage(e, t('tasks.create.error')));
            },
          ),
      );
    },
    () => focusFirstInvalidSoon(FORM),
  );

  return (
    <Stack maw={860} {...dropzone.intent}>
      <PageHeader title={t('tasks.create.title')} />
      {error && (
        <Alert color="red" data-testid="create-task-error">
          {error}
        </Alert>
      )}
      {(types.isError || agents.isError) && (
        <Alert color="red" data-testid="create-task-load-error">
          {agents.isError ? t('tasks.errors.agents') : t('tasks.errors.types')}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate data-testid="create-task-form">
          <Stack>
            <TextInput
              label={t('tasks.create.titel')}
              required
              {...withTextLimit(inputProps(form, 'titel'), TEXT_LIMITS.taskTitle, COMMON_MSG.titleMax)}
              data-testid="task-titel"
            />
            <Textarea
              label={t('tasks.create.beschreibung')}
              required
              autosize
              minRows={4}
              maxRows={14}
              {...withTextLimit(inputProps(form, 'beschreibung'), TEXT_LIMITS.description, COMMON_MSG.descriptionMax)}
              data-testid="task-beschreibung"
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <DateInput
                withTime
                label={t('tasks.create.frist')}
                required
                {...inputProps(form, 'frist')}
                data-testid="task-frist"
              />
              <Select
                label={t('tasks.create.typ')}
                placeholder={t('tasks.form.selectPlaceholder')}
                required
                searchable
                data={(types.data ?? []).map((ty) => ({ value: String(ty.id), label: typeLabel(ty.id, ty.tasktype) }))}
                rightSection={types.isPending ? <Loader size="xs" /> : undefined}
                {...inputProps(form, 'typ')}
                nothingFoundMessage={t('tasks.filters.noMatch')}
                data-testid="task-typ"
              />
              <Select
                label={t('tasks.create.agent')}
                placeholder={t('tasks.form.selectPlaceholder')}
                required
                searchable
                data={(agents.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
                rightSection={agents.isPending ? <Loader size="xs" /> : undefined}
                {...inputProps(form, 'userID')}
                nothingFoundMessage={t('tasks.filters.noMatch')}
                data-testid="task-agent"
              />
            </SimpleGrid>
            <CustomerPicker
              label={t('tasks.create.customerSearch')}
              minLength={CUSTOMER_SEARCH_MIN}
              search={customers.search}
              queryKey={customers.queryKey}
              placeholder={t('tasks.create.customerSearchPlaceholder', { min: CUSTOMER_SEARCH_MIN })}
              tooShortText={t('tasks.create.customerSearchMin', { min: CUSTOMER_SEARCH_MIN })}
              emptyText={t('tasks.create.noCustomers')}
              failedText={t('tasks.create.customerSearchError')}
              unavailableText={!searchable ? t('tasks.create.customerSearchUnavailable') : undefined}
              disabled={busy}
              // The customer is chosen here: a missing one is said (and focused) here.
              error={fieldError(form.errors.kundennummer)}
              onChange={(hit) => {
                if (!hit) return;
                form.clearFieldError('kundennummer');
                form.setFieldValue('kundennummer', hit.kundennummer);
                form.setFieldValue('firma', hit.firma);
              }}
              data-testid="customer-search"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('tasks.create.firma')}
                readOnly
                value={form.values.firma}
                description={t('tasks.create.customerHint')}
                data-testid="task-firma"
              />
              <TextInput
                label={t('tasks.create.kundennummer')}
                required
                readOnly
                value={form.values.kundennummer}
                description={t('tasks.create.customerHint')}
                data-testid="task-kundennummer"
              />
            </SimpleGrid>
            <div>
              <Text size="sm" fw={500} mb={4}>
                {t('tasks.create.files')}
              </Text>
              <DeferredFileDropzone
                ready={dropzone.ready}
                onDrop={files.add}
                maxFiles={UPLOAD_MAX_FILES - files.files.length}
                disabled={busy}
              />
              <SelectedFiles files={files.files} onRemove={files.remove} disabled={busy} />
            </div>
            {busy && <UploadProgress percent={progress} label={t('upload.progress', { percent: progress })} />}
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => navigate(DASHBOARD)}
                disabled={busy}
                data-testid="create-task-cancel"
              >
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={busy} data-testid="create-task-submit">
                {t('tasks.create.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
