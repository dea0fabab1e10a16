import { useRef } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { COMMON_MSG } from '@portal/shared';
import { errorCode, hasStatus } from '../../lib/errors';

/**
 * A sending button that sends once. The mutation's own `isPending` reaches the button one render
 * late, so a quick double click would start two requests (two Idempotency-Keys, two entries): the
 * second click is dropped here, synchronously, while the first runs. A retry with the same values
 * after no answer (network, 5xx) reuses the same input object, so the call carries the same
 * Idempotency-Key (lib/idempotency.ts keys per input object) and the server answers the first result
 * if it had booked after all; after a refusal (4xx) the next attempt is a new one. A 409 "still running" can only come from the person's own earlier click: never shown.
 */
export function useSendOnce<I, O>(mutation: UseMutationResult<O, Error, I>) {
  const running = useRef(false);
  const last = useRef<{ text: string; input: I } | null>(null);
  const send = (input: I, on: { onSuccess?: (answer: O) => void; onError?: (error: Error) => void } = {}): void => {
    if (running.current) return;
    running.current = true;
    const text = JSON.stringify(input);
    const same = last.current?.text === text ? last.current.input : input;
    last.current = { text, input: same };
    mutation.mutate(same, {
      onSuccess: (answer) => {
        last.current = null;
        on.onSuccess?.(answer);
      },
      onError: (error) => {
        if (errorCode(error) === COMMON_MSG.requestInProgress.code) return;
        if (hasStatus(error, 400, 401, 403, 404, 405, 409, 413, 422, 429)) last.current = null;
        on.onError?.(error);
      },
      onSettled: () => {
        running.current = false;
      },
    });
  };
  return { send, busy: mutation.isPending };
}
