import type { ReactNode } from 'react';
import type { Message } from '@portal/shared';
import { translateMessage } from '../lib/translate-message';
import { limitedProps } from './text-counter';

export { TextCounter } from './text-counter';

/*
 * The limit of a free text in a form (TEXT_LIMITS in packages/shared, the same the server checks).
 *
 * The field carries the limit as `maxLength` (issue 30), so typing stops there, and shows a counter
 * from 80 % of the limit on (`180 / 200`). A paste that would go over the limit is not cut by the
 * browser without a word (issue 28): it is inserted whole, the counter turns red with the shared
 * schema's message naming the field and its limit, and the form's schema refuses to send it, as the
 * server would.
 */

/**
 * A text input's props with its limit: the counter as the field's description and, over the limit,
 * the field's message (an entry of the shared catalogue, shown in the reader's language) as its
 * error unless it already has one. Spread over the field's own props (`inputProps(form, path)` or
 * `value`/`onChange`/`error` of a plain state).
 */
export function withTextLimit<P extends { value?: unknown; error?: ReactNode; description?: ReactNode }>(
  props: P,
  limit: number,
  overMessage: Message,
): ReturnType<typeof limitedProps<P>> {
  const over = typeof props.value === 'string' && props.value.length > limit;
  return limitedProps(props, limit, over ? translateMessage(overMessage) : '');
}
