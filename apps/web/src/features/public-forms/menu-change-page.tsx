import { Alert, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarEvent } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  maxMenuChangeDate,
  menuChangeRequestSchema,
  minMenuChangeDate,
  PUBLIC_FORM_MSG,
  TEXT_LIMITS,
} from '@portal/shared';
import { useFileSelection } from '../../components/upload/use-file-selection';
import { FormFooter } from './components/form-footer';
import { FormSection } from './components/form-section';
import { ContactFields } from './components/contact-fields';
import { RuleDateInput } from './components/inputs';
import { PublicFormPage } from './components/public-form-page';
import { UploadField } from './components/upload-field';
import { fieldProps, longDate, termsProps } from './form-helpers';
import { sendForm, usePublicFormSender } from './use-public-form-sender';
import { publicFormsCalls } from '@portal/shared/contracts';
import { withTextLimit } from '../../components/text-limit';

/** /menuechange: a menu change on a working day at least 3 working days ahead (POST /web/menuechange). */
export default function MenuChangePage() {
  const { t, i18n } = useTranslation();
  const sender = usePublicFormSender();
  const files = useFileSelection();
  // The earliest and latest day as of opening the page (the server checks again when it arrives).
  const [min, max] = useMemo(() => [minMenuChangeDate(new Date()), maxMenuChangeDate(new Date())], []);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      kundennummer: '',
      lokalname: '',
      name: '',
      plz: '',
      telefonnummer: '',
      email: '',
      comment: '',
      frist: '',
      agb_accepted: false,
    },
    validate: zod4Resolver(menuChangeRequestSchema),
    validateInputOnBlur: true,
    // A weekend or a holiday is refused as soon as it is picked.
    validateInputOnChange: ['frist'],
  });
  const f = (name: keyof typeof form.values & string) => fieldProps(form, name);

  const submit = sender.onSubmit(
    () => !form.validate().hasErrors,
    (bot, onProgress) =>
      sendForm(publicFormsCalls.submitMenuChange, form.getValues(), bot, { files: files.files, onProgress }),
  );

  return (
    <PublicFormPage title={t('publicForms.menu.title')} intro={t('publicForms.menu.intro')} testId="menu-form-page">
      <form onSubmit={submit} noValidate data-testid="menu-form">
        <Stack gap="md">
          <FormSection title={t('publicForms.sections.contact')}>
            <ContactFields f={f} />
          </FormSection>
          <FormSection title={t('publicForms.sections.changeDetails')}>
            <Textarea
              label={t('publicForms.menu.comment')}
              placeholder={t('publicForms.menu.commentPlaceholder')}
              required
              autosize
              minRows={4}
              maxRows={12}
              {...withTextLimit(f('comment'), TEXT_LIMITS.publicFormText, PUBLIC_FORM_MSG.commentMax)}
            />
            <UploadField
              label={t('publicForms.menu.files')}
              files={files.files}
              onAdd={files.add}
              onRemove={files.remove}
              disabled={sender.sending}
            />
            <RuleDateInput
              label={t('publicForms.menu.date')}
              description={t('publicForms.menu.dateHint', { date: longDate(min, i18n.resolvedLanguage) })}
              required
              min={min}
              max={max}
              leftSection={<IconCalendarEvent size={18} />}
              {...f('frist')}
            />
            <Alert color="gray" variant="light" p="xs">
              {t('publicForms.menu.leadTime')}
            </Alert>
          </FormSection>
          <FormFooter
            sender={sender}
            terms={{ label: t('publicForms.terms.label'), ...termsProps(form, 'agb_accepted') }}
            submitLabel={t('publicForms.menu.submit')}
            withProgress
          />
        </Stack>
      </form>
    </PublicFormPage>
  );
}
