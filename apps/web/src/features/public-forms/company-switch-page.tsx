import { NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useTranslation } from 'react-i18next';
import { companySwitchRequestSchema, SWITCH_REASONS, PUBLIC_FORM_MSG, TEXT_LIMITS } from '@portal/shared';
import { useFileSelection } from '../../components/upload/use-file-selection';
import { FormFooter } from './components/form-footer';
import { FormSection } from './components/form-section';
import { KundennummerInput } from './components/inputs';
import { PublicFormPage } from './components/public-form-page';
import { UploadField } from './components/upload-field';
import { fieldProps, termsProps } from './form-helpers';
import { sendForm, usePublicFormSender } from './use-public-form-sender';
import { publicFormsCalls } from '@portal/shared/contracts';
import { withTextLimit } from '../../components/text-limit';

/** The reasons are sent in German (for the agents) and shown in the interface language. */
const REASON_KEYS: Record<(typeof SWITCH_REASONS)[number], string> = {
  Verkauf: 'sale',
  Verpachtung: 'lease',
  'Änderung der Rechtsform': 'legalForm',
  Sonstiges: 'other',
};

type Side = 'old' | 'new';

/** /companychange: a venue taken over by a new company (POST /web/companyswitch). */
export default function CompanySwitchPage() {
  const { t } = useTranslation();
  const sender = usePublicFormSender();
  const files = useFileSelection();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      oldCompanyName: '',
      oldLocalName: '',
      oldCustomerNumber: '',
      oldTaxId: '',
      oldAddress: '',
      oldContact: '',
      oldPhone: '',
      oldEmail: '',
      newCompanyName: '',
      newLocalName: '',
      newCustomerNumber: '',
      newTaxId: '',
      newAddress: '',
      newContact: '',
      newPhone: '',
      newEmail: '',
      switchReason: '',
      additionalInfo: '',
      agb: false,
    },
    validate: zod4Resolver(companySwitchRequestSchema),
    validateInputOnBlur: true,
  });
  type Field = keyof typeof form.values & string;
  const f = (name: Field) => fieldProps(form, name);
  const k = (side: Side, name: string) => `${side}${name}` as Field;

  const companyFields = (side: Side) => (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={t('publicForms.fields.companyName')}
        required
        autoComplete="off"
        {...f(k(side, 'CompanyName'))}
      />
      <TextInput label={t('publicForms.fields.lokalname')} required {...f(k(side, 'LocalName'))} />
      <KundennummerInput
        label={side === 'old' ? t('publicForms.fields.kundennummer') : t('publicForms.fields.kundennummerOptional')}
        required={side === 'old'}
        {...f(k(side, 'CustomerNumber'))}
      />
      <TextInput label={t('publicForms.fields.taxId')} required autoComplete="off" {...f(k(side, 'TaxId'))} />
      <TextInput label={t('publicForms.fields.address')} required autoComplete="off" {...f(k(side, 'Address'))} />
      <TextInput label={t('publicForms.fields.contact')} required autoComplete="off" {...f(k(side, 'Contact'))} />
      <TextInput label={t('publicForms.fields.telefonnummer')} required type="tel" {...f(k(side, 'Phone'))} />
      <TextInput label={t('publicForms.fields.email')} required type="email" {...f(k(side, 'Email'))} />
    </SimpleGrid>
  );

  const submit = sender.onSubmit(
    () => !form.validate().hasErrors,
    (bot, onProgress) =>
      sendForm(publicFormsCalls.submitCompanySwitch, form.getValues(), bot, { files: files.files, onProgress }),
  );

  return (
    <PublicFormPage
      title={t('publicForms.switch.title')}
      intro={t('publicForms.switch.intro')}
      testId="switch-form-page"
    >
      <form onSubmit={submit} noValidate data-testid="switch-form">
        <Stack gap="md">
          <FormSection title={t('publicForms.sections.currentCompany')} testId="section-old">
            {companyFields('old')}
          </FormSection>
          <FormSection title={t('publicForms.sections.newCompany')} testId="section-new">
            {companyFields('new')}
          </FormSection>
          <FormSection title={t('publicForms.sections.additional')}>
            <NativeSelect
              label={t('publicForms.switch.reason')}
              required
              data={[
                { value: '', label: t('publicForms.switch.chooseReason'), disabled: true },
                ...SWITCH_REASONS.map((r) => ({ value: r, label: t(`publicForms.switch.reasons.${REASON_KEYS[r]}`) })),
              ]}
              {...f('switchReason')}
            />
            <UploadField
              label={t('publicForms.switch.documents')}
              files={files.files}
              onAdd={files.add}
              onRemove={files.remove}
              disabled={sender.sending}
            />
            <Textarea
              label={t('publicForms.switch.additionalInfo')}
              autosize
              minRows={3}
              maxRows={10}
              {...withTextLimit(f('additionalInfo'), TEXT_LIMITS.publicFormText, PUBLIC_FORM_MSG.additionalInfoMax)}
            />
          </FormSection>
          <FormFooter
            sender={sender}
            terms={{ label: t('publicForms.terms.label'), ...termsProps(form, 'agb') }}
            submitLabel={t('publicForms.switch.submit')}
            withProgress
          />
        </Stack>
      </form>
    </PublicFormPage>
  );
}
