import { Accordion, Alert, Badge, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { format } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BUSINESS_RECORDS_MSG,
  COMMON_MSG,
  newsInputSchema,
  TEXT_LIMITS,
  type NewsInput,
  type NewsPost,
} from '@portal/shared';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { DateDisplay } from '../../components/date-display';
import { DateInput } from '../../components/date-input';
import { fieldError, inputProps } from '../../components/field-error';
import { Bidi } from '../../components/ltr';
import { withTextLimit } from '../../components/text-limit';
import { errorMessage } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { useOffsetPaging } from '../../lib/use-paging';
import { useCreateNewsPost } from './api/create-news-post';
import { useDeleteNewsPost } from './api/delete-news-post';
import { NEWS_ADMIN_PAGE, useNewsPosts } from './api/get-news-posts';
import { useUpdateNewsPost } from './api/update-news-post';
import { PageHeader } from '../../components/page-header';

const OTHER = ['en', 'fr', 'ar'] as const;
type Other = (typeof OTHER)[number];

interface Values {
  title: string;
  text: string;
  published_from: string;
  en_title: string;
  en_text: string;
  fr_title: string;
  fr_text: string;
  ar_title: string;
  ar_text: string;
}

/** The browser's local time as the date field holds it (yyyy-MM-ddTHH:mm): admins type Vienna time. */
const toLocal = (d: Date) => format(d, "yyyy-MM-dd'T'HH:mm");

function toValues(post: NewsPost | null): Values {
  const tr = (l: Other) => post?.translations[l];
  return {
    title: post?.title ?? '',
    text: post?.text ?? '',
    published_from: toLocal(post ? new Date(post.published_from) : new Date()),
    en_title: tr('en')?.title ?? '',
    en_text: tr('en')?.text ?? '',
    fr_title: tr('fr')?.title ?? '',
    fr_text: tr('fr')?.text ?? '',
    ar_title: tr('ar')?.title ?? '',
    ar_text: tr('ar')?.text ?? '',
  };
}

function toBody(v: Values): NewsInput {
  const when = new Date(v.published_from);
  return {
    title: v.title,
    text: v.text,
    published_from: Number.isNaN(when.getTime()) ? '' : when.toISOString(),
    translations: Object.fromEntries(OTHER.map((l) => [l, { title: v[`${l}_title`], text: v[`${l}_text`] }])),
  };
}

/** Which form field a schema issue belongs to. */
function fieldOf(path: PropertyKey[]): keyof Values {
  if (path[0] === 'translations' && typeof path[1] === 'string') return `${path[1] as Other}_title`;
  return path[0] as keyof Values;
}

function NewsDialog({ post, onClose }: { post: NewsPost | null | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateNewsPost();
  const update = useUpdateNewsPost();
  const save = post ? update : create;
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: toValues(post ?? null),
    validate: (v) => {
      const res = newsInputSchema.safeParse(toBody(v));
      if (res.success) return {};
      return Object.fromEntries(res.error.issues.map((i) => [fieldOf(i.path), i.message]));
    },
  });
  const submit = form.onSubmit((v) => {
    setError(null);
    const done = {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('newsAdmin.saved') });
        onClose();
      },
      onError: (e: Error) => setError(errorMessage(e, t('newsAdmin.saveError'))),
    };
    if (post) update.mutate({ id: post.id, ...toBody(v) }, done);
    else create.mutate(toBody(v), done);
  });
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={post ? t('newsAdmin.editTitle') : t('newsAdmin.newTitle')}
      closeButtonProps={{ 'aria-label': t('records.cancel') }}
      data-testid="news-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && <Alert color="red">{error}</Alert>}
          <TextInput
            label={t('newsAdmin.titleDe')}
            required
            lang="de"
            {...withTextLimit(inputProps(form, 'title'), TEXT_LIMITS.newsTitle, COMMON_MSG.titleMax)}
          />
          <Textarea
            label={t('newsAdmin.textDe')}
            required
            lang="de"
            autosize
            minRows={4}
            {...withTextLimit(inputProps(form, 'text'), TEXT_LIMITS.newsText, BUSINESS_RECORDS_MSG.newsTextMax)}
          />
          <DateInput
            withTime
            label={t('newsAdmin.publishedFrom')}
            description={t('newsAdmin.publishedFromHint')}
            required
            value={form.values.published_from}
            onChange={(v) => form.setFieldValue('published_from', v)}
            error={fieldError(form.errors.published_from)}
            data-testid="news-published-from"
          />
          <Accordion variant="separated" multiple>
            {OTHER.map((l) => (
              <Accordion.Item key={l} value={l}>
                <Accordion.Control>{t(`newsAdmin.lang.${l}`)}</Accordion.Control>
                <Accordion.Panel>
                  <Stack>
                    <TextInput
                      label={t('newsAdmin.title')}
                      lang={l}
                      dir={l === 'ar' ? 'rtl' : 'ltr'}
                      {...withTextLimit(
                        { ...form.getInputProps(`${l}_title`), error: fieldError(form.errors[`${l}_title`]) },
                        TEXT_LIMITS.newsTitle,
                        COMMON_MSG.titleMax,
                      )}
                    />
                    <Textarea
                      label={t('newsAdmin.text')}
                      lang={l}
                      dir={l === 'ar' ? 'rtl' : 'ltr'}
                      autosize
                      minRows={3}
                      {...withTextLimit(
                        { ...form.getInputProps(`${l}_text`), error: fieldError(form.errors[`${l}_text`]) },
                        TEXT_LIMITS.newsText,
                        BUSINESS_RECORDS_MSG.newsTextMax,
                      )}
                    />
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('records.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="news-save">
              {t('records.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /agent-dashboard/news (admins): the news the business customers read, with their publish date. */
export default function NewsAdminPage() {
  const { t } = useTranslation();
  const { offset, paging } = useOffsetPaging(NEWS_ADMIN_PAGE);
  const q = useNewsPosts(offset);
  const remove = useDeleteNewsPost();
  // undefined: no dialog; null: a new post; a post: editing it.
  const [editing, setEditing] = useState<NewsPost | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<NewsPost | null>(null);
  const total = q.data?.total ?? 0;
  return (
    <Stack>
      <PageHeader title={t('newsAdmin.pageTitle')}>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing(null)}
          data-testid="news-new"
        >
          {t('newsAdmin.add')}
        </Button>
      </PageHeader>
      <Text c="dimmed" size="sm">
        {t('newsAdmin.intro')}
      </Text>
      <DataTable<NewsPost>
        caption={t('newsAdmin.caption')}
        emptyText={t('newsAdmin.empty')}
        rows={q.data?.items}
        rowKey={(p) => p.id}
        loading={q.isPending}
        error={q.isError}
        onRetry={() => void q.refetch()}
        columns={[
          { key: 'title', header: t('newsAdmin.title'), cell: (p) => <Bidi>{p.title}</Bidi> },
          {
            key: 'published_from',
            header: t('newsAdmin.publishedFrom'),
            cell: (p) => <DateDisplay value={p.published_from} time />,
          },
          {
            key: 'state',
            header: t('newsAdmin.state'),
            cell: (p) =>
              p.published ? (
                <Badge color="green">{t('newsAdmin.published')}</Badge>
              ) : (
                <Badge color="gray">{t('newsAdmin.scheduled')}</Badge>
              ),
          },
          {
            key: 'languages',
            header: t('newsAdmin.languages'),
            cell: (p) => ['DE', ...OTHER.filter((l) => p.translations[l]).map((l) => l.toUpperCase())].join(', '),
          },
          { key: 'reads', header: t('newsAdmin.reads'), align: 'end', cell: (p) => p.reads },
          {
            key: 'actions',
            header: t('newsAdmin.actions'),
            align: 'end',
            cell: (p) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPencil size={14} aria-hidden />}
                  onClick={() => setEditing(p)}
                >
                  {t('newsAdmin.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => setToDelete(p)}
                >
                  {t('newsAdmin.delete')}
                </Button>
              </Group>
            ),
          },
        ]}
        paging={total > NEWS_ADMIN_PAGE ? paging(q.data) : undefined}
      />
      {editing !== undefined && (
        <NewsDialog key={editing?.id ?? 'new'} post={editing} onClose={() => setEditing(undefined)} />
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('newsAdmin.deleteTitle')}
        text={t('newsAdmin.deleteText', { title: toDelete?.title ?? '' })}
        confirmLabel={t('newsAdmin.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={() =>
          toDelete &&
          remove.mutate(
            { id: toDelete.id },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: t('newsAdmin.deleted') });
                setToDelete(null);
              },
              onError: (e) => {
                notifications.show({ color: 'red', message: errorMessage(e, t('newsAdmin.deleteError')) });
                setToDelete(null);
              },
            },
          )
        }
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
