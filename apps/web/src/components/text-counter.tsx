import type { ClipboardEvent, ReactNode } from 'react';
import { TEXT_COUNTER_FROM } from '@portal/shared';
import { Ltr } from './ltr';

/* The counter of a limited free text and its limit (`maxLength`, a paste kept whole: text-limit.tsx). */

const counterShown = (length: number, limit: number) => length >= Math.ceil(limit * TEXT_COUNTER_FROM);

/** `180 / 200` near the limit (red over it); nothing below TEXT_COUNTER_FROM of the limit. */
export function TextCounter({ length, limit }: { length: number; limit: number }) {
  if (!counterShown(length, limit)) return null;
  const over = length > limit;
  return (
    <span
      data-testid="text-counter"
      data-over={over || undefined}
      style={over ? { color: 'var(--mantine-color-error)', fontWeight: 600 } : undefined}
    >
      <Ltr>
        {length} / {limit}
      </Ltr>
    </span>
  );
}

/**
 * A paste that would take the text over the limit is inserted whole (the browser would cut it at
 * `maxLength` without a word): the counter turns red with the field's message and the person shortens
 * it. Set through the element's own value setter and an `input` event, so React's onChange (a form's
 * or a plain state's) sees it as typed.
 */
function pasteWhole(limit: number, own?: (e: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void) {
  return (e: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    own?.(e);
    const el = e.currentTarget;
    const pasted = e.clipboardData.getData('text');
    const start = el.selectionStart ?? el.value.length;
    const end = el.selectionEnd ?? start;
    const next = el.value.slice(0, start) + pasted + el.value.slice(end);
    if (e.defaultPrevented || next.length <= limit) return;
    e.preventDefault();
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set;
    setter?.call(el, next);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  };
}

/**
 * A text input's props with its limit: `maxLength` (typing stops at the server's limit, issue 30), the
 * counter as the field's description and, over the limit (a paste, see pasteWhole), `overError` (already
 * in the reader's language) as its error unless it already has one. Without i18n, so it renders in a
 * plain test; forms use `withTextLimit` (text-limit.tsx).
 */
export function limitedProps<
  P extends {
    value?: unknown;
    error?: ReactNode;
    description?: ReactNode;
    onPaste?: (e: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  },
>(
  props: P,
  limit: number,
  overError: string,
): P & {
  description: ReactNode;
  error: ReactNode;
  maxLength: number;
  onPaste: (e: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
} {
  const length = typeof props.value === 'string' ? props.value.length : 0;
  const over = length > limit;
  const counter = counterShown(length, limit) ? <TextCounter length={length} limit={limit} /> : null;
  return {
    ...props,
    maxLength: limit,
    onPaste: pasteWhole(limit, props.onPaste),
    description:
      counter && props.description ? (
        <>
          {props.description} {counter}
        </>
      ) : (
        (counter ?? props.description)
      ),
    error: props.error || (over ? overError : undefined),
  };
}
