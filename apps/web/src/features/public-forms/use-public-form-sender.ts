import { notifications } from '../../lib/toasts';
import { createElement, useCallback, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ALTCHA_FIELD, HONEYPOT_FIELD, PUBLIC_FORM_MSG, PUBLIC_FORM_REPLY, type PublicFormResponse } from '@portal/shared';
import { SLIDER_CHECK_MAX } from '../../components/slider-check';
import type { Call, CallInput } from '@portal/shared/contracts';
import { callApi } from '../../lib/calls';
import { formatAnswerTimeIn } from '../../lib/format';
import { clientError, errorMessage } from '../../lib/errors';
import { useAltcha } from '../../lib/altcha';
import { translateMessage } from '../../lib/translate-message';
import { newIdempotencyKey } from '../../lib/idempotency';

const createWorker = () => new Worker(new URL('./altcha-worker.ts', import.meta.url), { type: 'module' });

/** The fields every form call carries besides its own: the solved challenge and the honeypot. */
export type BotFields = Record<typeof ALTCHA_FIELD | typeof HONEYPOT_FIELD, string> & {
  /** The submit attempt's Idempotency-Key: travels as the header, taken out of the body by the senders. */
  [IDEMPOTENCY_KEY]?: string;
};
export type SendCall = (bot: BotFields, onProgress: (percent: number) => void) => Promise<PublicFormResponse>;

const IDEMPOTENCY_KEY = 'idempotencyKey';

/**
 * Sends a public form through its declaration (`callApi`): the proof of work and the honeypot first,
 * beside the declared fields (the server checks them before the schema and before any file), the
 * submit attempt's Idempotency-Key, and for a form with files the upload's progress.
 */
export function sendForm<C extends Call>(
  call: C,
  values: object,
  bot: BotFields,
  upload?: { files: File[]; onProgress: (percent: number) => void },
): Promise<PublicFormResponse> {
  const { [IDEMPOTENCY_KEY]: idempotencyKey, ...beside } = bot;
  if (upload) upload.onProgress(0);
  const input = { ...values, ...(upload && { files: upload.files }) } as CallInput<C>;
  return callApi(call, input, {
    beside,
    idempotencyKey,
    onProgress: upload?.onProgress,
  }) as Promise<PublicFormResponse>;
}

/**
 * What the five public forms share: the slider check, the background proof of work, the honeypot,
 * the terms checkbox's native validity, sending with progress, and the answers — success: a toast
 * with the spec's text and the reference number, then `/`; failure: the message, slider back to 0.
 */
export function usePublicFormSender() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const altcha = useAltcha({ createWorker });
  const [slider, setSliderValue] = useState(0);
  const [sliderError, setSliderError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);

  const setSlider = useCallback((v: number) => {
    setSliderValue(v);
    if (v >= SLIDER_CHECK_MAX) setSliderError(null);
  }, []);

  /**
   * Runs on submit after the form's own validation: the terms checkbox's native validity and the
   * slider. Returns whether the form may be sent; focuses the first invalid field otherwise.
   */
  const precheck = (formValid: boolean): boolean => {
    let ok = formValid;
    const terms = termsRef.current;
    if (terms && !terms.checkValidity()) {
      if (formValid) terms.reportValidity();
      ok = false;
    }
    if (slider < SLIDER_CHECK_MAX) {
      setSliderError(translateMessage(PUBLIC_FORM_MSG.robot));
      ok = false;
    }
    if (!formValid)
      requestAnimationFrame(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus());
    // Only the slider is missing: the focus goes to its thumb (its error is said as an alert).
    else if (!ok && terms?.checkValidity() !== false)
      document.querySelector<HTMLElement>('[data-testid="slider-check"] [role="slider"]')?.focus();
    return ok;
  };

  const send = async (call: SendCall) => {
    setSending(true);
    setError(null);
    setProgress(null);
    try {
      const bot: BotFields = {
        [ALTCHA_FIELD]: await altcha.take(),
        [HONEYPOT_FIELD]: honeypotRef.current?.value ?? '',
        // One key per submit attempt: a retry of this attempt answers its first result, no second task.
        [IDEMPOTENCY_KEY]: newIdempotencyKey(),
      };
      const answer = await call(bot, setProgress);
      notifications.show({
        color: 'green',
        // Both lines in the text colour: Mantine dims a description under a title below AA contrast.
        message: createElement(
          'span',
          { style: { color: 'var(--mantine-color-text)' }, 'data-testid': 'form-success' },
          createElement('strong', null, translateMessage(answer.message, answer.code)),
          createElement('br'),
          t('publicForms.reference', { reference: answer.reference }),
          createElement('br'),
          // When to expect an answer (issue 31): the task's response deadline in the form's language.
          createElement(
            'span',
            { 'data-testid': 'form-answer-time' },
            [
              answer.outside_hours ? translateMessage(PUBLIC_FORM_REPLY.outsideHours) : null,
              translateMessage(PUBLIC_FORM_REPLY.answerBy, undefined, {
                when: formatAnswerTimeIn(answer.due_at, i18n.language),
              }),
            ]
              .filter(Boolean)
              .join(' '),
          ),
        ),
        closeButtonProps: { 'aria-label': t('publicForms.close') },
      });
      navigate('/');
    } catch (e) {
      // The server's German message for a refusal (validation, robot, file type, rate limit), else the spec's text.
      const message = errorMessage(e, t('publicForms.sendFailed'), clientError);
      setError(message);
      setSliderValue(0);
      notifications.show({ color: 'red', message, closeButtonProps: { 'aria-label': t('publicForms.close') } });
    } finally {
      setSending(false);
      setProgress(null);
    }
  };

  /** A submit handler: `validate` runs the form's schema and says whether it passed. */
  const onSubmit = (validate: () => boolean, call: SendCall) => (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    if (!precheck(validate())) return;
    void send(call);
  };

  return {
    slider,
    setSlider,
    sliderError,
    sending,
    progress,
    error,
    honeypotRef,
    termsRef,
    onSubmit,
    cancel: () => navigate('/'),
    altchaStatus: altcha.status,
    altchaSolveMs: altcha.solveMs,
  };
}

export type PublicFormSender = ReturnType<typeof usePublicFormSender>;
