import {
  Alert,
  Box,
  Button,
  Container,
  Group,
  Paper,
  Progress,
  Rating,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  LANGUAGES,
  RATING_CODE_DIGITS,
  verifyCodeRatingSchema,
  verifyCustomerRatingSchema,
  type RatingCustomerInfo,
  RATINGS_MSG,
  TEXT_LIMITS,
} from '@portal/shared';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../components/language-menu';
import { Bidi } from '../../components/ltr';
import { PublicFooter } from '../../components/public-footer';
import { withTextLimit } from '../../components/text-limit';
import { clientError, errorMessage } from '../../lib/errors';
import { translateMessage } from '../../lib/translate-message';
import { submitRating } from './api/submit-rating';
import { verifyCodeRating } from './api/verify-code-rating';
import { verifyCustomerRating } from './api/verify-customer-rating';
import '../../styles/public-forms.css';
import './rating-page.css';

const DIMENSIONS = ['timeRating', 'satisfactionRating', 'friendlinessRating'] as const;
type Stars = Record<(typeof DIMENSIONS)[number], number>;
const STEPS = ['customer', 'code', 'rate'] as const;
const NO_STARS: Stars = { timeRating: 0, satisfactionRating: 0, friendlinessRating: 0 };
/**
 * Where the visitor is survives a reload (issue 30): the customer number and the step are in the address
 * (`?kunde=10001&schritt=2`), the verified code only in this tab's session storage (never in a link).
 */
const codeKey = (taskId: number) => `rating-code-${taskId}`;
const storedCode = (taskId: number) => {
  try {
    return sessionStorage.getItem(codeKey(taskId)) ?? '';
  } catch {
    return '';
  }
};
const storeCode = (taskId: number, code: string | null) => {
  try {
    if (code) sessionStorage.setItem(codeKey(taskId), code);
    else sessionStorage.removeItem(codeKey(taskId));
  } catch {
    // Without storage a reload at step 3 asks for the code again.
  }
};

/** How long the thank-you stays before the visitor is taken to the start page. */
export const THANKS_MS = 3000;

/**
 * /rating/{taskId} (public, backoffice.md "Rating flow"): 1. customer number, 2. the mailed code (only
 * once the customer was found), 3. three star ratings and a comment. Each later step leads back to
 * step 1; after saving, the form resets, the thanks show and the visitor goes to /. Mobile first.
 */
export default function RatingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const taskId = Number(useParams().taskId);
  const [params, setParams] = useSearchParams();
  const [step, setStep] = useState(0);
  const [customerNumber, setCustomerNumber] = useState(() => params.get('kunde') ?? '');
  const [code, setCode] = useState('');
  const [customer, setCustomer] = useState<RatingCustomerInfo | null>(null);
  const [stars, setStars] = useState<Stars>(NO_STARS);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [thanks, setThanks] = useState<string | null>(null);

  useEffect(() => {
    if (!thanks) return;
    const timer = window.setTimeout(() => navigate('/'), THANKS_MS);
    return () => window.clearTimeout(timer);
  }, [thanks, navigate]);

  /** The step in the address (replaced, so the back button leaves the page as before). */
  const showStep = (next: number, number = customerNumber) => {
    setStep(next);
    setParams(next > 0 ? { kunde: number, schritt: String(next + 1) } : number ? { kunde: number } : {}, {
      replace: true,
    });
  };

  const reset = () => {
    showStep(0);
    storeCode(taskId, null);
    setCode('');
    setCustomer(null);
    setStars(NO_STARS);
    setComment('');
    setError(null);
  };

  /** Runs one step's call; a refusal shows the server's message, anything else the step's own. */
  async function run(fallbackKey: string, fn: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(errorMessage(e, t(fallbackKey), clientError));
    } finally {
      setBusy(false);
    }
  }

  const checkCustomer = (e: FormEvent) => {
    e.preventDefault();
    const parsed = verifyCustomerRatingSchema.safeParse({ customerNumber, taskId });
    if (!parsed.success) return setError(translateMessage(parsed.error.issues[0]!.message));
    void run('ratings.errors.customerCheck', async () => {
      setCustomer(await verifyCustomerRating(parsed.data));
      showStep(1, parsed.data.customerNumber);
    });
  };

  // A reload or a shared link: back to the step the address names, checked again with the server.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const number = params.get('kunde') ?? '';
    const at = Number(params.get('schritt'));
    const customerInput = verifyCustomerRatingSchema.safeParse({ customerNumber: number, taskId });
    if (!customerInput.success || !(at >= 2)) return;
    const saved = storedCode(taskId);
    void run('ratings.errors.customerCheck', async () => {
      setCustomer(await verifyCustomerRating(customerInput.data));
      showStep(1, number);
      const codeInput = verifyCodeRatingSchema.safeParse({ ...customerInput.data, verificationCode: saved });
      if (at < 3 || !codeInput.success) return;
      setCode(saved);
      await verifyCodeRating(codeInput.data);
      showStep(2, number);
    });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const checkCode = (e: FormEvent) => {
    e.preventDefault();
    const parsed = verifyCodeRatingSchema.safeParse({ customerNumber, taskId, verificationCode: code });
    if (!parsed.success) return setError(translateMessage(parsed.error.issues[0]!.message));
    void run('ratings.errors.codeCheck', async () => {
      await verifyCodeRating(parsed.data);
      storeCode(taskId, parsed.data.verificationCode);
      showStep(2);
    });
  };

  // An over-long comment is shown with its counter and message and not sent (the server would refuse it).
  const complete = DIMENSIONS.every((d) => stars[d] >= 1) && comment.length <= TEXT_LIMITS.ratingComment;
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!complete) return;
    void run('ratings.errors.save', async () => {
      const answer = await submitRating({
        customerNumber,
        taskId,
        verificationCode: code,
        ...stars,
        comment: comment.trim() || undefined,
      });
      reset();
      setCustomerNumber('');
      setParams({}, { replace: true });
      setThanks(translateMessage(answer.message, answer.code));
    });
  };

  const back = (
    <Button variant="default" onClick={reset} disabled={busy} data-testid="rating-back">
      {t('ratings.back')}
    </Button>
  );

  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-light)">
      <Container size="xs" py="md" px="sm">
        <Group justify="space-between" mb="lg" wrap="nowrap">
          <Text component={Link} to="/" fw={800} size="lg" c="inherit" style={{ textDecoration: 'none' }}>
            {t('app.name')}
          </Text>
          <LanguageMenu languages={[...LANGUAGES]} />
        </Group>
        <main>
          <Paper withBorder shadow="sm" p="lg" radius="md">
            <Stack gap="md">
              <div>
                <Title order={1} size="h2">
                  {t('ratings.title')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('ratings.intro')}
                </Text>
              </div>
              {thanks && (
                <Alert color="teal" role="status" data-testid="rating-thanks">
                  <Text size="sm">{thanks}</Text>
                  <Button component={Link} to="/" variant="default" mt="sm">
                    {t('ratings.toStart')}
                  </Button>
                </Alert>
              )}
              {error && (
                <Alert color="red" role="alert" data-testid="rating-error">
                  {error}
                </Alert>
              )}
              {!thanks && (
                <>
                  <div data-testid="rating-step">
                    <Text size="sm" fw={600} id="rating-step-label">
                      {t('ratings.stepOf', {
                        step: step + 1,
                        count: STEPS.length,
                        label: t(`ratings.steps.${STEPS[step]}`),
                      })}
                    </Text>
                    <Progress value={((step + 1) / STEPS.length) * 100} size="sm" mt={4} aria-hidden />
                  </div>
                  {step === 0 && (
                    <form onSubmit={checkCustomer} noValidate>
                      <Stack gap="sm" mt="sm">
                        <TextInput
                          label={t('ratings.customerNumber')}
                          description={t('ratings.customerNumberHint')}
                          value={customerNumber}
                          onChange={(e) => setCustomerNumber(e.currentTarget.value)}
                          inputMode="numeric"
                          autoComplete="off"
                          required
                          size="md"
                          data-testid="rating-customer-number"
                        />
                        <Button type="submit" loading={busy} size="md" data-testid="rating-customer-submit">
                          {t('ratings.next')}
                        </Button>
                      </Stack>
                    </form>
                  )}
                  {step === 1 && customer && (
                    <form onSubmit={checkCode} noValidate>
                      <Stack gap="sm" mt="sm">
                        <Text size="sm" data-testid="rating-customer-info">
                          {t('ratings.customerFound')} <Bidi>{customer.firma ?? customer.kundennummer}</Bidi>
                          {customer.kontaktperson && (
                            <>
                              {' · '}
                              <Bidi>{customer.kontaktperson}</Bidi>
                            </>
                          )}
                        </Text>
                        <TextInput
                          label={t('ratings.code')}
                          description={t('ratings.codeHint', { digits: RATING_CODE_DIGITS })}
                          value={code}
                          onChange={(e) =>
                            setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, RATING_CODE_DIGITS))
                          }
                          inputMode="numeric"
                          autoComplete="one-time-code"
                          required
                          size="md"
                          dir="ltr"
                          data-testid="rating-code"
                        />
                        <Button type="submit" loading={busy} size="md" data-testid="rating-code-submit">
                          {t('ratings.next')}
                        </Button>
                        {back}
                      </Stack>
                    </form>
                  )}
                  {step === 2 && (
                    <form onSubmit={send} noValidate>
                      <Stack gap="md" mt="sm">
                        {DIMENSIONS.map((d) => (
                          <fieldset key={d} style={{ border: 0, padding: 0, margin: 0 }} data-testid={`rating-${d}`}>
                            <Text component="legend" fw={600} size="sm" mb={4}>
                              {t(`ratings.dimensions.${d}`)}
                            </Text>
                            <Rating
                              value={stars[d]}
                              onChange={(v) => setStars((s) => ({ ...s, [d]: v }))}
                              size="xl"
                              name={d}
                              getSymbolLabel={(i) => t('ratings.starLabel', { value: i })}
                            />
                          </fieldset>
                        ))}
                        <Textarea
                          label={t('ratings.comment')}
                          {...withTextLimit(
                            {
                              value: comment,
                              onChange: (e: ChangeEvent<HTMLTextAreaElement>) => setComment(e.currentTarget.value),
                            },
                            TEXT_LIMITS.ratingComment,
                            RATINGS_MSG.commentTooLong,
                          )}
                          autosize
                          minRows={3}
                          data-testid="rating-comment"
                        />
                        <Button type="submit" loading={busy} disabled={!complete} size="md" data-testid="rating-submit">
                          {t('ratings.submit')}
                        </Button>
                        {back}
                      </Stack>
                    </form>
                  )}
                </>
              )}
            </Stack>
          </Paper>
        </main>
        <PublicFooter />
      </Container>
    </Box>
  );
}
