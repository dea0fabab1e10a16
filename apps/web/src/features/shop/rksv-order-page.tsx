import { Alert, Box, Card, Checkbox, List, LoadingOverlay, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { languageFromLangCode, orderTotal, type TaxIdType } from '@portal/shared';
import { PublicShell } from '../../components/public-shell';
import { fieldError } from '../../components/field-error';
import { TermsLinks } from '../../components/terms-links';
import { ApiError } from '../../lib/api';
import { serverMessage } from '../../lib/errors';
import { formatList } from '../../lib/format';
import { useDeferredValidation } from '../../lib/deferred-validation';
import { AfterHydration, useAdoptTypedValues } from '../../lib/hydration';
import { useCreatePayment } from './api/create-order';
import { useProduct } from './api/get-products';
import { useReplacementPrefill } from './api/get-replacement';
import { useOrderProof } from './use-order-proof';
import { AddressSection, CompanySection, ContactSection } from './order-form/customer-sections';
import { OrderSummary } from './order-form/order-summary';
import {
  BELOW_THE_FOLD,
  PICKUP,
  REQUIRED,
  asQuantity,
  ltr,
  type OrderField,
  type OrderFormValues,
} from './order-form/order-form';
import { QuantityDeliverySection } from './order-form/quantity-delivery';
import { SubmitButton } from './order-form/submit-button';

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
  // "Ersatz bestellen" (/rksv?replace=<cardId>): the replaced card's order fills the form, quantity 1.
  const [params] = useSearchParams();
  const replaceParam = Number(params.get('replace'));
  const replaceId = Number.isSafeInteger(replaceParam) && replaceParam > 0 ? replaceParam : null;
  const prefill = useReplacementPrefill(replaceId);
  const replacement = prefill?.data ?? null;

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
  const field: OrderField = (name, type) => ({
    'data-field': name,
    ...form.getInputProps(name, type && { type }),
    error: fieldError(form.errors[name]),
  });

  // Once, when the replaced card's data arrives: what the buyer typed before is overwritten only then.
  const prefilled = useRef(false);
  useEffect(() => {
    if (!replacement || prefilled.current) return;
    prefilled.current = true;
    const { cardId: _card, serial_number: _serial, ...fields } = replacement;
    form.setValues({ ...fields, quantity: 1 });
    // form is stable for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [replacement]);

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
  const list = (names: string[]) => formatList(names, i18n.language);
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
        // The buyer's mails about the order (shipped, ready for pickup) are written in the page's language.
        lang: languageFromLangCode(i18n.language),
        // The server links the card this order replaces (checked against the caller's session).
        ...(replacement && { replacesCardId: replacement.cardId }),
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

        {replacement && (
          <Alert variant="light" color="teal" title={t('shop.replacement.title')} data-testid="rksv-replacement">
            {t('shop.replacement.hint', { serial: ltr(replacement.serial_number ?? `#${replacement.cardId}`) })}
          </Alert>
        )}
        {prefill?.isError && (
          <Alert color="orange" data-testid="rksv-replacement-error">
            {t('shop.replacement.loadError')}
          </Alert>
        )}

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
              <CompanySection field={field} taxIdType={v.taxIdType} taxLabel={taxLabel} onTaxIdType={setTaxIdType} />

              <AddressSection field={field} />

              <ContactSection field={field} />

              <QuantityDeliverySection form={form} field={field} qty={qty} main={main} />

              <OrderSummary
                main={main}
                total={total}
                qty={qty}
                deliveryMethod={v.deliveryMethod}
                productError={product.isError}
              />

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
