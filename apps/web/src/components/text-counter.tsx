import type { ReactNode } from 'react';
import { TEXT_COUNTER_FROM } from '@portal/shared';
import { Ltr } from './ltr';

/* The counter of a limited free text; why no `maxLength`: text-limit.tsx. */

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
 * A text input's props with its limit: the counter as the field's description and, over the limit,
 * `overError` (already in the reader's language) as its error unless it already has one. Without
 * i18n, so it renders in a plain test; forms use `withTextLimit` (text-limit.tsx).
 */
export function limitedProps<P extends { value?: unknown; error?: ReactNode; description?: ReactNode }>(
  props: P,
  limit: number,
  overError: string,
): P & { description: ReactNode; error: ReactNode } {
  const length = typeof props.value === 'string' ? props.value.length : 0;
  const over = length > limit;
  const counter = counterShown(length, limit) ? <TextCounter length={length} limit={limit} /> : null;
  return {
    ...props,
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
