import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconClock, IconCurrencyEuro } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  classicSupportRequestSchema,
  emergencySupportRequestSchema,
  EMERGENCY_PRICE_CENTS_PER_HOUR,
  formatMoney,
  supportStatus,
  PUBLIC_FORM_MSG,
  TEXT_LIMITS,
} from '@portal/shared';
import { OpeningHours } from '../../components/opening-hours';
import { EmergencyHotline } from './emergency-hotline';
import { useFileSelection } from '../../components/upload/use-file-selection';
import { FormFooter } from './components/form-footer';
import { FormSection } from './components/form-section';
import { ContactFields } from './components/contact-fields';
import { PublicFormPage } from './components/public-form-page';
import { UploadField } from './components/upload-field';
import { fieldProps, termsProps } from './form-helpers';
import { sendForm, usePublicFormSender } from './use-public-form-sender';
import { publicFormsCalls } from '@portal/shared/contracts';
import { withTextLimit } from '../../components/text-limit';

export type SupportVariant = 'emergency' | 'classic';

/** The emergency warning and the cost box: 150 EUR per started hour, excl. VAT. */
function EmergencyBoxes() {
  const { t } = useTranslation();
  const price = formatMoney(EMERGENCY_PRICE_CENTS_PER_HOUR);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Alert
        color="red.9"
        variant="filled"
        icon={<IconAlertTriangle size={20} />}
        title={t('publicForms.emergency.warningTitle')}
        data-testid="emergency-warning"
      >
        {t('publicForms.emergency.warning')}
      </Alert>
      <Card withBorder padding="md" style={{ borderColor: 'var(--mantine-color-red-filled)' }} data-testid="cost-box">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="red" variant="light" size={40} radius="md">
            <IconCurrencyEuro size={24} />
          </ThemeIcon>
          <Stack gap={2}>
            <Text fw={700}>{t('publicForms.emergency.costTitle')}</Text>
            <Text size="xl" fw={800} c="red.8" data-testid="cost-price">
              {t('publicForms.emergency.cost', { price })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('publicForms.emergency.costNote')}
            </Text>
          </Stack>
        </Group>
      </Card>
    </SimpleGrid>
  );
}

/** The opening-hours box with today's state (holidays included) and the way to emergency support. */
function OpeningHoursBox() {
  const { t } = useTranslation();
  const status = useMemo(() => supportStatus(new Date()), []);
  return (
    <Card withBorder padding="md" data-testid="opening-hours-box">
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <IconClock size={20} />
          <Text fw={700}>{t('publicForms.support.hoursTitle')}</Text>
        </Group>
        {/* Dark shades with white text: the light green badge failed AA contrast during opening hours. */}
        <Badge color={status.open ? 'teal.9' : 'gray.7'}>{status.open ? t('status.open') : t('status.closed')}</Badge>
      </Group>
      {status.holiday && <Text size="sm">{t('status.holiday', { name: t(`holidays.${status.holiday.key}`) })}</Text>}
      <OpeningHours />
      <Text size="sm" c="dimmed" mt={4}>
        {t('publicForms.support.hoursNote')}
      </Text>
      <Anchor component={Link} to="/emergency-support" size="sm" c="red" mt={4}>
        {t('publicForms.support.emergencyLink')}
      </Anchor>
    </Card>
  );
}

/**
 * /emergency-support (red, costs 150 EUR per started hour) and /classic-support (free, opening
 * hours): the same fields, POST /web/emergency-support or /web/classic-support with files as `files`.
 */
export function SupportRequestPage({ variant }: { variant: SupportVariant }) {
  const { t } = useTranslation();
  const emergency = variant === 'emergency';
  const sender = usePublicFormSender();
  const files = useFileSelection();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      kundennummer: '',
      lokalname: '',
      name: '',
      plz: '',
      telefonnummer: '',
      email: '',
      description: '',
      agb: false,
    },
    validate: zod4Resolver(emergency ? emergencySupportRequestSchema : classicSupportRequestSchema),
    validateInputOnBlur: true,
  });
  const f = (name: keyof typeof form.values & string) => fieldProps(form, name);
  const ns = emergency ? 'emergency' : 'support';

  const submit = sender.onSubmit(
    () => !form.validate().hasErrors,
    (bot, onProgress) =>
      sendForm(
        emergency ? publicFormsCalls.submitEmergencySupport : publicFormsCalls.submitClassicSupport,
        form.getValues(),
        bot,
        { files: files.files, onProgress },
      ),
  );

  return (
    <PublicFormPage
      title={t(`publicForms.${ns}.title`)}
      intro={t(`publicForms.${ns}.intro`)}
      tone={emergency ? 'red' : undefined}
      testId={`${variant}-form-page`}
    >
      {emergency ? (
        <>
          <EmergencyHotline />
          <EmergencyBoxes />
        </>
      ) : (
        <OpeningHoursBox />
      )}
      <form onSubmit={submit} noValidate data-testid={`${variant}-form`}>
        <Stack gap="md">
          <FormSection title={t('publicForms.sections.contact')}>
            <ContactFields f={f} />
          </FormSection>
          <FormSection title={t('publicForms.sections.request')}>
            <Textarea
              label={t('publicForms.fields.description')}
              placeholder={t(`publicForms.${ns}.descriptionPlaceholder`)}
              required
              autosize
              minRows={4}
              maxRows={12}
              {...withTextLimit(f('description'), TEXT_LIMITS.description, PUBLIC_FORM_MSG.descriptionMax)}
            />
            <UploadField
              label={t('publicForms.support.files')}
              files={files.files}
              onAdd={files.add}
              onRemove={files.remove}
              disabled={sender.sending}
            />
          </FormSection>
          <FormFooter
            sender={sender}
            terms={{
              label: emergency
                ? t('publicForms.terms.emergency', { price: formatMoney(EMERGENCY_PRICE_CENTS_PER_HOUR) })
                : t('publicForms.terms.label'),
              ...termsProps(form, 'agb'),
            }}
            submitLabel={t(`publicForms.${ns}.submit`)}
            withProgress
            color={emergency ? 'red.9' : undefined}
          />
        </Stack>
      </form>
    </PublicFormPage>
  );
}
