import { Alert, Button, Card, Checkbox, Flex, Loader, Stack } from '@mantine/core';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HONEYPOT_FIELD } from '@portal/shared';
import { SliderCheck } from '../../../components/slider-check';
import { TermsLinks } from '../../../components/terms-links';
import { UploadProgress } from '../../../components/upload/upload-progress';
import type { PublicFormSender } from '../use-public-form-sender';
import { Honeypot } from './inputs';

interface FormFooterProps {
  sender: PublicFormSender;
  /** The terms checkbox: controlled by the form, required natively (its validity is checked on submit). */
  terms: { label: ReactNode; checked: boolean; onChange: (checked: boolean) => void; error?: string };
  submitLabel: string;
  /** Whether the call carries files (then a progress bar shows while sending). */
  withProgress?: boolean;
  /** The page's colour (red for the emergency form); the theme's primary colour otherwise. */
  color?: string;
}

/** Terms, slider check, honeypot, the error of a failed send, progress, Abbrechen and submit. */
export function FormFooter({ sender, terms, submitLabel, withProgress, color }: FormFooterProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Card withBorder padding="md" radius="md">
        <Stack gap="md">
          <Checkbox
            ref={sender.termsRef}
            required
            size="md"
            color={color}
            label={terms.label}
            description={<TermsLinks />}
            checked={terms.checked}
            onChange={(e) => terms.onChange(e.currentTarget.checked)}
            error={terms.error}
            data-testid="terms"
          />
          <SliderCheck value={sender.slider} onChange={sender.setSlider} error={sender.sliderError} color={color} />
        </Stack>
      </Card>
      <Honeypot ref={sender.honeypotRef} name={HONEYPOT_FIELD} />
      {sender.error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="form-error" role="alert">
          {sender.error}
        </Alert>
      )}
      {withProgress && sender.progress !== null && (
        <UploadProgress
          percent={sender.progress}
          color={color}
          size="lg"
          label={t('publicForms.progress', { percent: sender.progress })}
        />
      )}
      <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
        <Button variant="default" size="md" onClick={sender.cancel} data-testid="form-cancel">
          {t('publicForms.cancel')}
        </Button>
        <Button
          type="submit"
          size="md"
          color={color}
          disabled={sender.sending}
          leftSection={sender.sending ? <Loader size={16} color="white" /> : <IconSend size={18} />}
          data-testid="form-submit"
          data-altcha={sender.altchaStatus}
          data-altcha-ms={sender.altchaSolveMs ?? undefined}
        >
          {sender.sending ? t('publicForms.sending') : submitLabel}
        </Button>
      </Flex>
    </Stack>
  );
}
