import { Alert, Button, Card, Checkbox, Flex, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
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
  const termsErrorId = useId();
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
            // The error is tied to the checkbox (WCAG 1.3.1, 3.3.1): Mantine's own error text has no id,
            // so the checkbox is only marked red here and the text below names it.
            error={Boolean(terms.error)}
            aria-invalid={terms.error ? true : undefined}
            aria-describedby={terms.error ? termsErrorId : undefined}
            data-testid="terms"
          />
          {terms.error && (
            <Text size="sm" c="var(--mantine-color-error)" id={termsErrorId} mt={-8} data-testid="terms-error">
              {terms.error}
            </Text>
          )}
          <SliderCheck value={sender.slider} onChange={sender.setSlider} error={sender.sliderError} color={color} />
        </Stack>
      </Card>
      {/* "Wird gesendet…" said when a send starts (WCAG 4.1.3); the button's own text changes silently. */}
      <VisuallyHidden role="status">{sender.sending ? t('publicForms.sending') : ''}</VisuallyHidden>
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
