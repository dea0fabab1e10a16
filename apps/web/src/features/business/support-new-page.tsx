import { Alert, Anchor, Button, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BUSINESS_SUPPORT_TYPES,
  businessSupportCreateSchema,
  COMMON_MSG,
  TASK_TYPE,
  TEXT_LIMITS,
  UPLOAD_MAX_FILES,
} from '@portal/shared';
import { withTextLimit } from '../../components/text-limit';
import { FileDropzone } from '../../components/upload/file-dropzone';
import { SelectedFiles } from '../../components/upload/selected-files';
import { UploadProgress } from '../../components/upload/upload-progress';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { notifications } from '../../lib/toasts';
import { translateMessage } from '../../lib/translate-message';
import { focusFirstInvalidSoon } from '../../lib/focus-first-invalid';
import { useCreateBusinessSupport } from './api/create-support';
import { ScreenTitle } from './parts';

type Field = 'typ' | 'titel' | 'beschreibung';
const FIELDS: readonly Field[] = ['typ', 'titel', 'beschreibung'];

/** After a refused submit the first field marked invalid takes the focus. */
const focusFirstInvalid = () => focusFirstInvalidSoon('[data-testid="support-form"]');

/**
 * A new request: type, title, text and files; the server fills in the company's contact data. Each
 * refusal (the shared schema's here, the server's `errors[]`) shows at its field, and the first one
 * takes the focus; one request per submit, however often it is clicked.
 */
export default function SupportNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [typ, setTyp] = useState<string>(String(TASK_TYPE.support));
  const [titel, setTitel] = useState('');
  const [beschreibung, setBeschreibung] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  /** Each refused field's message, shown at that field. */
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  /** What the server refused without naming a field of this form (shown above the button). */
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateBusinessSupport(setProgress);
  // The ref answers a second click before React has re-rendered the button as busy.
  const sending = useRef(false);
  const clearError = (field: Field) =>
    setFieldErrors((errors) => (errors[field] ? { ...errors, [field]: undefined } : errors));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    const parsed = businessSupportCreateSchema.safeParse({ titel, beschreibung, typ });
    if (!parsed.success) {
      const errors: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (FIELDS.includes(field) && !errors[field]) errors[field] = translateMessage(issue.message);
      }
      setFieldErrors(errors);
      focusFirstInvalid();
      return;
    }
    setFieldErrors({});
    setFormError(null);
    sending.current = true;
    create.mutate(
      { titel, beschreibung, typ: parsed.data.typ, files },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('businessData.requestSent') });
          void navigate('/business-dashboard/support');
        },
        onError: (err) => {
          const named = Object.entries(fieldErrorsOf(err)).filter(([f]) => FIELDS.includes(f as Field));
          if (named.length > 0) {
            setFieldErrors(Object.fromEntries(named));
            focusFirstInvalid();
          } else setFormError(errorMessage(err, t('businessData.sendError')));
        },
        onSettled: () => {
          sending.current = false;
          setProgress(null);
        },
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
      <form onSubmit={submit} noValidate data-testid="support-form">
        <Stack>
          <Select
            label={t('businessData.col.type')}
            data={BUSINESS_SUPPORT_TYPES.map((id) => ({ value: String(id), label: t(`businessData.types.${id}`) }))}
            value={typ}
            onChange={(v) => {
              if (!v) return;
              setTyp(v);
              clearError('typ');
            }}
            error={fieldErrors.typ}
            allowDeselect={false}
            required
            data-testid="support-type"
          />
          <TextInput
            label={t('businessData.col.title')}
            {...withTextLimit(
              {
                value: titel,
                error: fieldErrors.titel,
                onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
                  setTitel(e.currentTarget.value);
                  clearError('titel');
                },
              },
              TEXT_LIMITS.taskTitle,
              COMMON_MSG.titleMax,
            )}
            required
            data-testid="support-title"
          />
          <Textarea
            label={t('businessData.description')}
            {...withTextLimit(
              {
                value: beschreibung,
                error: fieldErrors.beschreibung,
                onChange: (e: React.ChangeEvent<HTMLTextAreaElement>) => {
                  setBeschreibung(e.currentTarget.value);
                  clearError('beschreibung');
                },
              },
              TEXT_LIMITS.description,
              COMMON_MSG.descriptionMax,
            )}
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
          {formError && (
            <Alert color="red" data-testid="support-error">
              {formError}
            </Alert>
          )}
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
