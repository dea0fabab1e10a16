import type { CSSProperties } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import {
  RKSV_MAX_QUANTITY,
  RKSV_PICKUP_LOCATION,
  type DeliveryMethod,
  type TaxIdType,
  type RksvProduct,
} from '@portal/shared';

/* The order page's form: its values and what its sections share. */

export type OrderFormValues = {
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

/** The main product with the shipping product's price (combineProducts). */
export type OrderProduct = RksvProduct & { shipping_price: number };

export type OrderForm = UseFormReturnType<OrderFormValues>;
/** A field's value, handlers, error in the reader's language and `data-field` (its name). */
export type OrderField = (
  name: keyof OrderFormValues & string,
  type?: 'checkbox',
) => ReturnType<OrderForm['getInputProps']> & { 'data-field': string; error: string | undefined };

/** Unicode isolates, so Latin names, places and amounts keep their order inside right-to-left text. */
export const ltr = (s: string) => `\u2066${s}\u2069`;
export const auto = (s: string) => `\u2068${s}\u2069`;
export const PICKUP = ltr(RKSV_PICKUP_LOCATION);

/**
 * The cards below the first screen on a phone are laid out only when scrolled near: the browser skips
 * their style and layout work while the page starts (the long form is most of the page's cost).
 */
export const BELOW_THE_FOLD: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: 'auto 320px' };

export const REQUIRED = ['company', 'name', 'taxId', 'address', 'postalCode', 'city', 'email', 'phone'] as const;

export const asQuantity = (v: number | string) => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, RKSV_MAX_QUANTITY) : 1;
};
