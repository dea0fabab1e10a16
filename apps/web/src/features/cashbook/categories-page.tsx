import { Alert, Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CASHBOOK_CATEGORY_NAME_MAX,
  CASHBOOK_DESCRIPTION_MAX,
  CASHBOOK_MSG,
  COMMON_MSG,
  createCategorySchema,
  type CashbookCategory,
  type CashbookType,
} from '@portal/shared';
import { withTextLimit } from '../../components/text-limit';
import { useSendOnce } from '../../lib/use-send-once';
import { DataTable } from '../../components/data-table';
import { DateDisplay } from '../../components/date-display';
import { inputProps } from '../../components/field-error';
import { notifications } from '../../lib/toasts';
import { useCreateCategory } from './api/create-category';
import { useCategories } from './api/get-categories';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { TypeBadge } from './components';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';

function AddCategoryDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateCategory();
  const { send, busy } = useSendOnce(create);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', description: '', type: '' as CashbookType | '' },
    validate: zod4Resolver(createCategorySchema),
  });
  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };
  const submit = form.onSubmit((v) =>
    send(
      { name: v.name.trim(), description: v.description.trim(), type: v.type as CashbookType },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('cashbook.categories.success') });
          close();
        },
        onError: (e) => {
          const fields = fieldErrorsOf(e);
          if (Object.keys(fields).length) form.setErrors(fields);
          else setError(errorMessage(e, t('cashbook.categories.error')));
        },
      },
    ),
  );
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      returnFocus={false}
      opened={opened}
      onClose={busy ? () => {} : close}
      title={t('cashbook.categories.add')}
      data-testid="cashbook-category-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" data-testid="cashbook-category-error">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('cashbook.fields.name')}
            required
            {...withTextLimit(inputProps(form, 'name'), CASHBOOK_CATEGORY_NAME_MAX, CASHBOOK_MSG.categoryNameTooLong)}
            data-testid="cashbook-category-name"
          />
          <Textarea
            label={t('cashbook.fields.description')}
            required
            autosize
            minRows={2}
            {...withTextLimit(inputProps(form, 'description'), CASHBOOK_DESCRIPTION_MAX, COMMON_MSG.descriptionTooLong)}
            data-testid="cashbook-category-description"
          />
          <Select
            label={t('cashbook.fields.type')}
            required
            data={[
              { value: 'income', label: t('cashbook.type.income') },
              { value: 'expense', label: t('cashbook.type.expense') },
            ]}
            {...inputProps(form, 'type')}
            data-testid="cashbook-category-type"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="cashbook-category-submit">
              {t('cashbook.categories.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /agent-dashboard/cashbook/categories: the categories of the user's cashbook and the add dialog. */
export default function CashbookCategoriesPage() {
  const { t } = useTranslation();
  const categories = useCategories();
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const closeDialog = () => {
    setAdding(false);
    window.setTimeout(() => addButton.current?.focus(), 0);
  };
  return (
    <Stack>
      <PageHeader title={t('cashbook.categories.title')}>
        <Button
          ref={addButton}
          leftSection={<IconPlus size={16} />}
          onClick={() => setAdding(true)}
          data-testid="cashbook-category-add"
        >
          {t('cashbook.categories.add')}
        </Button>
      </PageHeader>
      {categories.isError ? (
        <LoadError
          fallback={t('cashbook.errors.load')}
          error={categories.error}
          onRetry={() => void categories.refetch()}
        />
      ) : (
        <DataTable<CashbookCategory>
          caption={t('cashbook.categories.title')}
          rows={categories.data}
          loading={categories.isLoading}
          rowKey={(r) => r.id}
          emptyText={t('cashbook.categories.empty')}
          data-testid="cashbook-categories"
          columns={[
            { key: 'name', header: t('cashbook.fields.name'), cell: (r) => r.name },
            { key: 'description', header: t('cashbook.fields.description'), cell: (r) => r.description },
            { key: 'type', header: t('cashbook.fields.type'), cell: (r) => <TypeBadge type={r.type} /> },
            { key: 'created', header: t('cashbook.fields.created'), cell: (r) => <DateDisplay value={r.created_at} /> },
          ]}
        />
      )}
      <AddCategoryDialog opened={adding} onClose={closeDialog} />
    </Stack>
  );
}
