import { Alert, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { depRequestSchema, depYears, PUBLIC_FORM_MSG, TEXT_LIMITS } from '@portal/shared';
import { FormFooter } from './components/form-footer';
import { FormSection } from './components/form-section';
import { ContactFields } from './components/contact-fields';
import { PublicFormPage } from './components/public-form-page';
import { fieldProps, monthNames, termsProps } from './form-helpers';
import { sendForm, usePublicFormSender } from './use-public-form-sender';
import { publicFormsCalls } from '@portal/shared/contracts';
import { withTextLimit } from '../../components/text-limit';

/** /financeexport: the DEP7/DEP131 export request (POST /web/deprequest, JSON). */
export default function DepRequestPage() {
  const { t, i18n } = useTranslation();
  const sender = usePublicFormSender();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      kundennummer: '',
      firmenname: '',
      lokalname: '',
      name: '',
      plz: '',
      telefonnummer: '',
      email: '',
      startMonth: '',
      startYear: '',
      endMonth: '',
      endYear: '',
      description: '',
      agb: false,
    },
    validate: zod4Resolver(depRequestSchema),
    validateInputOnBlur: true,
  });
  const f = (name: keyof typeof form.values & string) => fieldProps(form, name);

  const months = useMemo(() => monthNames(i18n.resolvedLanguage), [i18n.resolvedLanguage]);
  const monthData = [
    { value: '', label: t('publicForms.dep.chooseMonth'), disabled: true },
    ...months.map((label, i) => ({ value: String(i + 1), label })),
  ];
  const yearData = [
    { value: '', label: t('publicForms.dep.chooseYear'), disabled: true },
    ...depYears(new Date())
      .reverse()
      .map((y) => ({ value: String(y), label: String(y) })),
  ];

  const submit = sender.onSubmit(
    () => !form.validate().hasErrors,
    (bot) => {
      const v = form.getValues();
      return sendForm(
        publicFormsCalls.submitDepRequest,
        {
          ...v,
          startMonth: Number(v.startMonth),
          startYear: Number(v.startYear),
          endMonth: Number(v.endMonth),
          endYear: Number(v.endYear),
        },
        bot,
      );
    },
  );

  return (
    <PublicFormPage title={t('publicForms.dep.title')} intro={t('publicForms.dep.intro')} testId="dep-form-page">
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
        {t('publicForms.dep.info')}
      </Alert>
      <form onSubmit={submit} noValidate data-testid="dep-form">
        <Stack gap="md">
          <FormSection title={t('publicForms.sections.contact')}>
            <ContactFields
              f={f}
              afterKundennummer={
                <TextInput
                  label={t('publicForms.fields.firmenname')}
                  required
                  autoComplete="organization"
                  {...f('firmenname')}
                />
              }
            />
          </FormSection>
          <FormSection title={t('publicForms.sections.period')}>
            <SimpleGrid cols={{ base: 2 }}>
              <NativeSelect label={t('publicForms.dep.startMonth')} required data={monthData} {...f('startMonth')} />
              <NativeSelect label={t('publicForms.dep.startYear')} required data={yearData} {...f('startYear')} />
              <NativeSelect label={t('publicForms.dep.endMonth')} required data={monthData} {...f('endMonth')} />
              <NativeSelect label={t('publicForms.dep.endYear')} required data={yearData} {...f('endYear')} />
            </SimpleGrid>
          </FormSection>
          <FormSection title={t('publicForms.sections.notes')}>
            <Textarea
              label={t('publicForms.dep.description')}
              autosize
              minRows={3}
              maxRows={10}
              {...withTextLimit(f('description'), TEXT_LIMITS.publicFormText, PUBLIC_FORM_MSG.remarkMax)}
            />
          </FormSection>
          <FormFooter
            sender={sender}
            terms={{ label: t('publicForms.terms.label'), ...termsProps(form, 'agb') }}
            submitLabel={t('publicForms.dep.submit')}
          />
        </Stack>
      </form>
    </PublicFormPage>
  );
}
