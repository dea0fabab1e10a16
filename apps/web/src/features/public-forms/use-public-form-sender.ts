import { notifications } from '../../lib/toasts';
import { createElement, useCallback, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ALTCHA_FIELD, HONEYPOT_FIELD, PUBLIC_FORM_MSG, type PublicFormResponse } from '@portal/shared';
import { SLIDER_CHECK_MAX } from '../../components/slider-check';
import type { Call } from '@portal/shared/contracts';
import { api } from '../../lib/api';
import { callUrl } from '../../lib/calls';
import { clientError, errorMessage } from '../../lib/errors';
import { useAltcha } from '../../lib/altcha';
import { translateMessage } from '../../lib/translate-message';
import { idempotencyHeaders, newIdempotencyKey } from '../../lib/idempotency';
import { uploadWithProgress } from '../../lib/upload';

const createWorker = () => new Worker(new URL('./altcha-worker.ts', import.meta.url), { type: 'module' });

/** The fields every form call carries besides its own: the solved challenge and the honeypot. */
export type BotFields = Record<typeof ALTCHA_FIELD | typeof HONEYPOT_FIELD, string> & {
  /** The submit attempt's Idempotency-Key: travels as the header, taken out of the body by the senders. */
  [IDEMPOTENCY_KEY]?: string;
};
export type SendCall = (bot: BotFields, onProgress: (percent: number) => void) => Promise<PublicFormResponse>;

const IDEMPOTENCY_KEY = 'idempotencyKey';

/** The body without the key, and the key as its header. */
function splitKey<T extends object>(
  body: T,
): { rest: Omit<T, typeof IDEMPOTENCY_KEY>; headers: Record<string, string> } {
  const { [IDEMPOTENCY_KEY]: key, ...rest } = body as T & { [IDEMPOTENCY_KEY]?: unknown };
  return { rest, headers: typeof key === 'string' ? idempotencyHeaders(key) : {} };
}

/**
 * POST a JSON form (the DEP request) to its declared call. Not `callApi`: the proof of work and the
 * honeypot travel beside the declared fields, which `callApi` would leave out.
 */
export function sendJson(call: Call, body: object) {
  const { rest, headers } = splitKey(body);
  return api<PublicFormResponse>(callUrl(call), { method: 'POST', body: rest, headers });
}

/**
 * POST a multipart form to its declared call, with upload progress (which `callApi` has not). Files travel as `file0`, `file1`, … (menu change,
 * company switch) or as a repeated `files` field (support), as the spec has it.
 */
export function sendMultipart(
  call: Call,
  fields: Record<string, string | boolean | undefined>,
  files: File[],
  fileField: 'indexed' | 'files',
  onProgress: (percent: number) => void,
) {
  const { rest, headers } = splitKey(fields);
  const body = new FormData();
  // The proof of work and the honeypot first: the server checks them before it reads any file.
  const first = [ALTCHA_FIELD, HONEYPOT_FIELD] as string[];
  for (const k of first) if (rest[k] !== undefined) body.append(k, String(rest[k]));
  for (const [k, v] of Object.entries(rest)) if (v !== undefined && !first.includes(k)) body.append(k, String(v));
  files.forEach((f, i) => body.append(fileField === 'indexed' ? `file${i}` : 'files', f, f.name));
  onProgress(0);
  return uploadWithProgress<PublicFormResponse>(callUrl(call), body, { onProgress, headers });
}

/**
 * What the five public forms share: the slider check, the background proof of work, the honeypot,
 * the terms checkbox's native validity, sending with progress, and the answers — success: a toast
 * with the spec's text and the reference number, then `/`; failure: the message, slider back to 0.
 */
export function usePublicFormSender() {
  const { t } = useTranslation();
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
