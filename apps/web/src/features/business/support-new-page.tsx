import { Alert, Anchor, Button, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BUSINESS_SUPPORT_TYPES, businessSupportCreateSchema, TASK_TYPE, UPLOAD_MAX_FILES } from '@portal/shared';
import { FileDropzone } from '../../components/upload/file-dropzone';
import { SelectedFiles } from '../../components/upload/selected-files';
import { UploadProgress } from '../../components/upload/upload-progress';
import { errorMessage } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { translateMessage } from '../../lib/translate-message';
import { useCreateBusinessSupport } from './api/create-support';
import { ScreenTitle } from './parts';

/** A new request: type, title, text and files; the server fills in the company's contact data. */
export default function SupportNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [typ, setTyp] = useState<string>(String(TASK_TYPE.support));
  const [titel, setTitel] = useState('');
  const [beschreibung, setBeschreibung] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const create = useCreateBusinessSupport(setProgress);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = businessSupportCreateSchema.safeParse({ titel, beschreibung, typ });
    if (!parsed.success) {
      setFieldError(translateMessage(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setFieldError(null);
    create.mutate(
      { titel, beschreibung, typ: parsed.data.typ, files },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('businessData.requestSent') });
          void navigate('/business-dashboard/support');
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Stack maw={640}>
      <Anchor component={Link} to="/business-dashboard/support" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> {t('businessData.backToSupport')}
        </Group>
      </Anchor>
      <ScreenTitle>{t('businessData.newRequest')}</ScreenTitle>
      <Text c="dimmed">{t('businessData.newRequestHint')}</Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label={t('businessData.col.type')}
            data={BUSINESS_SUPPORT_TYPES.map((id) => ({ value: String(id), label: t(`businessData.types.${id}`) }))}
            value={typ}
            onChange={(v) => v && setTyp(v)}
            allowDeselect={false}
            required
            data-testid="support-type"
          />
          <TextInput
            label={t('businessData.col.title')}
            value={titel}
            onChange={(e) => setTitel(e.currentTarget.value)}
            maxLength={200}
            required
            data-testid="support-title"
          />
          <Textarea
            label={t('businessData.description')}
            value={beschreibung}
            onChange={(e) => setBeschreibung(e.currentTarget.value)}
            autosize
            minRows={4}
            required
            data-testid="support-description"
          />
          <Text size="sm" fw={500} id="support-files-label">
            {t('businessData.files')}
          </Text>
          <FileDropzone
            onDrop={(added) => setFiles((f) => [...f, ...added].slice(0, UPLOAD_MAX_FILES))}
            maxFiles={Math.max(UPLOAD_MAX_FILES - files.length, 0)}
            disabled={create.isPending}
            labelledBy="support-files-label"
          />
          <SelectedFiles
            files={files}
            onRemove={(i) => setFiles((f) => f.filter((_, j) => j !== i))}
            disabled={create.isPending}
          />
          {progress !== null && files.length > 0 && <UploadProgress percent={progress} />}
          {fieldError && <Alert color="red">{fieldError}</Alert>}
          {create.isError && <Alert color="red">{errorMessage(create.error, t('businessData.sendError'))}</Alert>}
          <Group>
            <Button type="submit" loading={create.isPending} data-testid="support-submit">
              {t('businessData.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
