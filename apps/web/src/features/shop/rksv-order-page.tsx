import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Divider,
  Group,
  List,
  LoadingOverlay,
  NumberInput,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle, IconMinus, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RKSV_MAX_QUANTITY,
  RKSV_PICKUP_LOCATION,
  VAT_RATE_PERCENT,
  formatMoney,
  orderTotal,
  type DeliveryMethod,
  type TaxIdType,
} from '@portal/shared';
import { PublicShell } from '../../components/public-shell';
import { fieldError } from '../../components/field-error';
import { TermsLinks } from '../../components/terms-links';
import { ApiError } from '../../lib/api';
import { serverMessage } from '../../lib/errors';
import { useDeferredValidation } from '../../lib/deferred-validation';
import { AfterHydration, useAdoptTypedValues, useHydrated } from '../../lib/hydration';
import { useCreatePayment } from './api/create-order';
import { useProduct } from './api/get-products';
import { useOrderProof } from './use-order-proof';

type OrderFormValues = {
  company: string;
  name: string;
  taxIdType: TaxIdType;
  taxId: string;
  address: string;
  postalCode: string;
  city: string;
  email: string;
  phone: string;
  quantity: number | string;
  deliveryMethod: DeliveryMethod;
  productId: number;
  agb: boolean;
  dataVerified: boolean;
};

/** Unicode isolates, so Latin names, places and amounts keep their order inside right-to-left text. */
const ltr = (s: string) => `\u2066${s}\u2069`;
const auto = (s: string) => `\u2068${s}\u2069`;
const PICKUP = ltr(RKSV_PICKUP_LOCATION);

/** An amount in de-AT format, kept left-to-right also in Arabic. */
function Money({ cents }: { cents: number }) {
  return <bdi dir="ltr">{formatMoney(cents)}</bdi>;
}

/**
 * The cards below the first screen on a phone are laid out only when scrolled near: the browser skips
 * their style and layout work while the page starts (the long form is most of the page's cost).
 */
const BELOW_THE_FOLD: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: 'auto 320px' };

const REQUIRED = ['company', 'name', 'taxId', 'address', 'postalCode', 'city', 'email', 'phone'] as const;

const asQuantity = (v: number | string) => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, RKSV_MAX_QUANTITY) : 1;
};

/**
 * "Weiter zur Zahlung": while not available it still looks like a button (outlined, readable text,
 * not grey on grey) and says below what is missing. The reason appears only once the page is taken
 * over (the prerendered HTML has no prices, and hydration would keep its attributes); only this small
 * part renders again then.
 */
function SubmitButton({ canSubmit, blockedBy }: { canSubmit: boolean; blockedBy: string | null }) {
  const { t } = useTranslation();
  const reason = useHydrated() ? blockedBy : null;
  return (
    <Stack gap={6}>
      <Button
        type="submit"
        size="lg"
        fullWidth
        disabled={!canSubmit}
        aria-describedby={reason ? 'rksv-submit-blocked' : undefined}
        data-testid="rksv-submit"
        styles={
          canSubmit
            ? undefined
            : {
                root: {
                  backgroundColor: 'var(--mantine-color-default-hover)',
                  color: 'var(--mantine-color-text)',
                  border: '1px solid var(--mantine-color-gray-6)',
                  cursor: 'not-allowed',
                },
              }
        }
      >
        {t('shop.submit')}
      </Button>
      {reason && (
        <Text size="sm" c="gray.7" ta="center" id="rksv-submit-blocked" data-testid="rksv-submit-blocked">
          {reason}
        </Text>
      )}
    </Stack>
  );
}

/** /rksv: pre-order of the RKSV 2025 signature unit, then on to the payment provider's checkout. */
const loadOrderChecks = async () => (await import('./order-validation')).validateOrder;

export default function RksvOrderPage() {
  const { t, i18n } = useTranslation();
  const proof = useOrderProof();
  const product = useProduct();
  const formRef = useRef<HTMLFormElement>(null);
  const createPayment = useCreatePayment();
  const [error, setError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  // Fields filled and left before the checks arrived are checked as soon as they are in.
  const checks = useDeferredValidation(loadOrderChecks, () => {
    for (const key of Object.keys(form.getValues())) if (form.isTouched(key)) form.validateField(key);
  });
  const form = useForm<OrderFormValues>({
    mode: 'controlled',
    initialValues: {
      company: '',
      name: '',
      taxIdType: 'uid',
      taxId: '',
      address: '',
      postalCode: '',
      city: '',
      email: '',
      phone: '',
      quantity: 1,
      deliveryMethod: 'pickup',
      // Known at the first render when the route prefetched the products (shop/routes.tsx).
      productId: product.data?.id ?? 0,
      agb: false,
      dataVerified: false,
    },
    validateInputOnBlur: true,
    validate: checks.validate,
  });

  useAdoptTypedValues(formRef, form, () => {
    void checks.onFocus();
    proof.prepare();
  });
  // A field's value, handlers and error in the reader's language; `data-field` names it for the above.
  const field = (name: keyof OrderFormValues & string, type?: 'checkbox') => ({
    'data-field': name,
    ...form.getInputProps(name, type && { type }),
    error: fieldError(form.errors[name]),
  });

  const main = product.data ?? null;
  useEffect(() => {
    if (product.isSuccess && !product.data) console.error('RKSV: main product not found in /web/rksv-products');
    if (main && form.getValues().productId !== main.id) form.setFieldValue('productId', main.id);
    // form is stable for the page's life; only the product matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [main, product.isSuccess]);

  const v = form.values;
  const taxLabel = v.taxIdType === 'uid' ? t('shop.fields.uid') : t('shop.fields.steuernummer');
  const total = main
    ? orderTotal({
        price: main.price,
        shippingPrice: main.shipping_price,
        quantity: asQuantity(v.quantity),
        delivery: v.deliveryMethod,
      })
    : null;
  const filled = REQUIRED.every((k) => String(v[k]).trim() !== '') && String(v.quantity) !== '';
  const hasErrors = Object.values(form.errors).some(Boolean);
  const busy = createPayment.isPending || redirecting;
  const canSubmit = !!main && filled && !hasErrors && v.agb && v.dataVerified && !busy;

  // Why the button is not available yet, by name: what is empty or unticked, then what is wrong.
  const fieldName = (k: (typeof REQUIRED)[number] | 'quantity') =>
    k === 'taxId' ? taxLabel : k === 'address' ? t('shop.sections.address') : t(`shop.fields.${k}`);
  const missing = [
    ...REQUIRED.filter((k) => String(v[k]).trim() === '').map(fieldName),
    ...(String(v.quantity) === '' ? [fieldName('quantity')] : []),
    ...(v.agb ? [] : [t('shop.missing.agb')]),
    ...(v.dataVerified ? [] : [t('shop.missing.dataVerified')]),
  ];
  const invalid = [...REQUIRED, 'quantity' as const]
    .filter((k) => form.errors[k] && String(v[k]).trim() !== '')
    .map(fieldName);
  const list = (names: string[]) =>
    new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' }).format(names);
  const blockedBy =
    !main || busy
      ? null
      : missing.length
        ? t('shop.missing.list', { fields: list(missing) })
        : invalid.length
          ? t('shop.missing.invalid', { fields: list(invalid) })
          : null;

  const setTaxIdType = (type: string) => {
    form.setFieldValue('taxIdType', type as TaxIdType);
    form.setFieldValue('taxId', '');
    form.clearFieldError('taxId');
  };

  const submit = form.onSubmit(async (values) => {
    if (!main || !total) return;
    setError(null);
    try {
      const altcha = await proof.take();
      const answer = await createPayment.mutateAsync({
        ...values,
        altcha,
        quantity: asQuantity(values.quantity),
        productId: main.id,
        amount: total.gross,
        agb: true,
        dataVerified: true,
      });
      const url = answer?.data?.sessionUrl;
      if (!url) {
        setError(t('shop.errors.noCheckoutUrl'));
        return;
      }
      setRedirecting(true);
      window.location.assign(url);
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.status === 0) setError(t('shop.errors.noResponse'));
        else {
          const body = serverMessage(e) ?? (typeof e.body === 'string' ? e.body : JSON.stringify(e.body ?? ''));
          setError(t('shop.errors.server', { status: e.status, body }));
        }
      } else if (e instanceof Error && e.message) setError(t('shop.errors.message', { message: e.message }));
      else setError(t('shop.errors.unexpected'));
    }
  });

  const qty = asQuantity(v.quantity);

  return (
    <PublicShell size="sm">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('shop.title')}
          </Title>
          <Text c="gray.7">{t('shop.intro')}</Text>
        </Stack>

        <Alert
          variant="light"
          color="blue"
          icon={<IconInfoCircle size={20} />}
          title={t('shop.info.title')}
          styles={{ title: { color: 'var(--mantine-color-blue-9)' } }}
          data-testid="rksv-info"
        >
          <List size="sm" spacing={4}>
            <List.Item>{t('shop.info.availability')}</List.Item>
            <List.Item>{t('shop.info.pickup', { location: PICKUP })}</List.Item>
            <List.Item>{t('shop.info.shipping')}</List.Item>
            <List.Item>{t('shop.info.validity')}</List.Item>
          </List>
        </Alert>

        {/* The page is also rendered at build time, without prices (entry-prerender.tsx): what depends
            on them waits until the browser has taken that HTML over (AfterHydration). */}
        {product.isError && (
          <AfterHydration>
            <Alert color="red" data-testid="rksv-products-error">
              {t('shop.errors.products')}
            </Alert>
          </AfterHydration>
        )}

        {/* Field errors in a red that reaches 4.5:1 on white (Mantine's default red 6 does not). */}
        <Box pos="relative" style={{ '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties}>
          <AfterHydration>
            <LoadingOverlay visible={product.isPending || busy} zIndex={20} overlayProps={{ blur: 1 }} />
          </AfterHydration>
          <form
            ref={formRef}
            onFocus={() => {
              void checks.onFocus();
              // The proof of work is solved while the buyer fills in the form.
              proof.prepare();
            }}
            onSubmit={checks.onSubmit(() => submit())}
            noValidate
          >
            <Stack gap="md">
              <Card withBorder padding="md" radius="md">
                <Stack gap="sm">
                  <Title order={2} size="h4">
                    {t('shop.sections.company')}
                  </Title>
                  <TextInput
                    label={t('shop.fields.company')}
                    required
                    autoComplete="organization"
                    data-testid="rksv-company"
                    {...field('company')}
                  />
                  <TextInput
                    label={t('shop.fields.name')}
                    required
                    autoComplete="name"
                    data-testid="rksv-name"
                    {...field('name')}
                  />
                  <Stack gap={4}>
                    <Text size="sm" fw={500} id="rksv-taxid-type-label">
                      {t('shop.fields.taxIdType')}
                    </Text>
                    <SegmentedControl
                      fullWidth
                      aria-labelledby="rksv-taxid-type-label"
                      data-testid="rksv-taxid-type"
                      value={v.taxIdType}
                      onChange={setTaxIdType}
                      data={[
                        { value: 'uid', label: t('shop.fields.uid') },
                        { value: 'steuernummer', label: t('shop.fields.steuernummer') },
                      ]}
                    />
                  </Stack>
                  <TextInput
                    label={taxLabel}
                    required
                    placeholder={v.taxIdType === 'uid' ? 'ATU12345678' : '12345/6789'}
                    description={t('shop.fields.taxIdHint')}
                    descriptionProps={{ c: 'gray.7' }}
                    data-testid="rksv-taxid"
                    {...field('taxId')}
                  />
                </Stack>
              </Card>

              <Card withBorder padding="md" radius="md" style={BELOW_THE_FOLD}>
                <Stack gap="sm">
                  <Title order={2} size="h4">
                    {t('shop.sections.address')}
                  </Title>
                  <TextInput
                    label={t('shop.fields.address')}
                    required
                    autoComplete="street-address"
                    data-testid="rksv-address"
                    {...field('address')}
                  />
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <TextInput
                      w={110}
                      label={t('shop.fields.postalCode')}
                      required
                      inputMode="numeric"
                      maxLength={4}
                      autoComplete="postal-code"
                      data-testid="rksv-postalcode"
                      {...field('postalCode')}
                    />
                    <TextInput
                      style={{ flex: 1, minWidth: 0 }}
                      label={t('shop.fields.city')}
                      required
                      autoComplete="address-level2"
                      data-testid="rksv-city"
                      {...field('city')}
                    />
                  </Group>
                </Stack>
              </Card>

              <Card withBorder padding="md" radius="md" style={BELOW_THE_FOLD}>
                <Stack gap="sm">
                  <Title order={2} size="h4">
                    {t('shop.sections.contact')}
                  </Title>
                  <TextInput
                    label={t('shop.fields.email')}
                    type="email"
                    required
                    autoComplete="email"
                    data-testid="rksv-email"
                    {...field('email')}
                  />
                  <TextInput
                    label={t('shop.fields.phone')}
                    type="tel"
                    required
                    autoComplete="tel"
                    placeholder="0664 1234567"
                    data-testid="rksv-phone"
                    {...field('phone')}
                  />
                </Stack>
              </Card>

              <Card withBorder padding="md" radius="md" style={BELOW_THE_FOLD}>
                <Stack gap="md">
                  <Title order={2} size="h4">
                    {t('shop.sections.order')}
                  </Title>
                  <Stack gap={4}>
                    <Text size="sm" fw={500} component="label" htmlFor="rksv-qty">
                      {t('shop.fields.quantity')}
                    </Text>
                    <Group gap="xs" wrap="nowrap">
                      <ActionIcon
                        size={44}
                        variant="default"
                        aria-label={t('shop.fields.decrease')}
                        data-testid="rksv-qty-minus"
                        disabled={qty <= 1}
                        onClick={() => form.setFieldValue('quantity', Math.max(1, qty - 1))}
                      >
                        <IconMinus size={18} />
                      </ActionIcon>
                      <NumberInput
                        id="rksv-qty"
                        w={90}
                        size="md"
                        min={1}
                        max={RKSV_MAX_QUANTITY}
                        allowDecimal={false}
                        allowNegative={false}
                        clampBehavior="strict"
                        hideControls
                        styles={{ input: { textAlign: 'center' } }}
                        data-testid="rksv-qty"
                        {...field('quantity')}
                      />
                      <ActionIcon
                        size={44}
                        variant="default"
                        aria-label={t('shop.fields.increase')}
                        data-testid="rksv-qty-plus"
                        disabled={qty >= RKSV_MAX_QUANTITY}
                        onClick={() => form.setFieldValue('quantity', Math.min(RKSV_MAX_QUANTITY, qty + 1))}
                      >
                        <IconPlus size={18} />
                      </ActionIcon>
                    </Group>
                  </Stack>

                  <Radio.Group
                    label={t('shop.fields.delivery')}
                    value={v.deliveryMethod}
                    onChange={(m) => form.setFieldValue('deliveryMethod', m as DeliveryMethod)}
                  >
                    <Stack gap="xs" mt={6}>
                      {(['pickup', 'shipping'] as const).map((m) => (
                        <Radio.Card key={m} value={m} radius="md" p="sm" data-testid={`rksv-delivery-${m}`}>
                          <Group wrap="nowrap" align="flex-start" gap="sm">
                            <Radio.Indicator mt={2} />
                            <Box style={{ flex: 1 }}>
                              <Group justify="space-between" wrap="nowrap" gap="xs">
                                <Text fw={600} size="sm">
                                  {m === 'pickup' ? t('shop.fields.pickup') : t('shop.fields.shipping')}
                                </Text>
                                <Text size="sm" fw={600}>
                                  {m === 'pickup' ? (
                                    t('shop.fields.free')
                                  ) : (
                                    <AfterHydration>
                                      {main?.shipping_price ? (
                                        <Money cents={main.shipping_price} />
                                      ) : (
                                        main && t('shop.fields.free')
                                      )}
                                    </AfterHydration>
                                  )}
                                </Text>
                              </Group>
                              <Text size="xs" c="gray.7">
                                {m === 'pickup'
                                  ? t('shop.fields.pickupHint', { location: PICKUP })
                                  : t('shop.fields.shippingHint')}
                              </Text>
                            </Box>
                          </Group>
                        </Radio.Card>
                      ))}
                    </Stack>
                  </Radio.Group>
                </Stack>
              </Card>

              <Card withBorder padding="md" radius="md" style={BELOW_THE_FOLD} data-testid="rksv-summary">
                <Stack gap={6}>
                  <Title order={2} size="h4">
                    {t('shop.sections.summary')}
                  </Title>
                  <AfterHydration
                    fallback={
                      <Text size="sm" c="gray.7">
                        {t('shop.loading')}
                      </Text>
                    }
                  >
                    {main && total ? (
                      <>
                        <Group justify="space-between" wrap="nowrap" align="flex-start">
                          <Text size="sm">
                            {t('shop.summary.items', {
                              qty,
                              product: auto(main.name),
                              price: ltr(formatMoney(main.price)),
                            })}
                          </Text>
                          <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="rksv-items">
                            <Money cents={total.items} />
                          </Text>
                        </Group>
                        {v.deliveryMethod === 'shipping' && (
                          <Group justify="space-between" wrap="nowrap">
                            <Text size="sm">{t('shop.summary.shipping')}</Text>
                            <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="rksv-shipping">
                              {total.shipping ? <Money cents={total.shipping} /> : t('shop.fields.free')}
                            </Text>
                          </Group>
                        )}
                        <Divider my={4} />
                        <Group justify="space-between" wrap="nowrap">
                          <Text fw={700}>{t('shop.summary.total')}</Text>
                          <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="rksv-total">
                            <Money cents={total.gross} />
                          </Text>
                        </Group>
                        <Group justify="space-between" wrap="nowrap">
                          <Text size="xs" c="gray.7">
                            {t('shop.summary.vat', { rate: VAT_RATE_PERCENT })}
                          </Text>
                          <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }} data-testid="rksv-vat">
                            <Money cents={total.vat} />
                          </Text>
                        </Group>
                      </>
                    ) : (
                      <Text size="sm" c="gray.7">
                        {product.isError ? t('shop.errors.products') : t('shop.loading')}
                      </Text>
                    )}
                  </AfterHydration>
                </Stack>
              </Card>

              <Card withBorder padding="md" radius="md" style={BELOW_THE_FOLD}>
                <Stack gap="sm">
                  <Checkbox
                    size="md"
                    label={t('shop.confirm.agb')}
                    description={<TermsLinks />}
                    data-testid="rksv-agb"
                    {...field('agb', 'checkbox')}
                  />
                  <Checkbox
                    size="md"
                    label={t('shop.confirm.dataVerified')}
                    data-testid="rksv-verified"
                    {...field('dataVerified', 'checkbox')}
                  />
                </Stack>
              </Card>

              {error && (
                <Alert color="red" role="alert" data-testid="rksv-error">
                  {error}
                </Alert>
              )}

              <SubmitButton canSubmit={canSubmit} blockedBy={blockedBy} />
            </Stack>
          </form>
        </Box>
      </Stack>
    </PublicShell>
  );
}
