import { useRef } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { COMMON_MSG } from '@portal/shared';
import { errorCode, hasStatus } from './errors';
import { useOneAtATime } from './use-one-at-a-time';

/**
 * A mutation's sending button that sends once (useOneAtATime: a second click is dropped while the
 * first runs), and whose retry keeps its Idempotency-Key: a retry with the same values after no answer
 * (network, 5xx) reuses the same input object, so the call carries the same key (lib/idempotency.ts
 * keys per input object) and the server answers the first result if it had booked after all; after a
 * refusal (4xx) the next attempt is a new one. A 409 "still running" can only come from the person's
 * own earlier click: never shown.
 */
export function useSendOnce<I, O>(mutation: UseMutationResult<O, Error, I>) {
  const sending = useOneAtATime();
  const last = useRef<{ text: string; input: I } | null>(null);
  const send = (input: I, on: { onSuccess?: (answer: O) => void; onError?: (error: Error) => void } = {}): void => {
    const text = JSON.stringify(input);
    void sending.run(async () => {
      const same = last.current?.text === text ? last.current.input : input;
      last.current = { text, input: same };
      try {
        const answer = await mutation.mutateAsync(same);
        last.current = null;
        on.onSuccess?.(answer);
      } catch (e) {
        const error = e instanceof Error ? e : new Error(String(e));
        if (errorCode(error) === COMMON_MSG.requestInProgress.code) return;
        if (hasStatus(error, 400, 401, 403, 404, 405, 409, 413, 422, 429)) last.current = null;
        on.onError?.(error);
      }
    });
  };
  return { send, busy: sending.busy };
}
