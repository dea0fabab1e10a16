import { useCallback, useRef, type FormEvent } from 'react';
import type { FormErrors } from '@mantine/form';

export type Validator<V> = (values: V) => FormErrors;

/**
 * A form's checks with a shared zod schema whose code — zod and the shared rules, about a quarter
 * of a public page's script — loads when the person first focuses the form, not with the page.
 * `validate` goes to useForm; `onFocus` and `onSubmit` go on the <form>. A submit waits for the
 * checks, so nothing is ever sent unchecked; `afterLoad` runs once they are in, e.g. to check the
 * fields someone left before they were (a blur check would have passed them silently).
 */
export function useDeferredValidation<V>(load: () => Promise<Validator<V>>, afterLoad?: () => void) {
  const validator = useRef<Validator<V> | null>(null);
  const pending = useRef<Promise<void> | null>(null);
  const after = useRef(afterLoad);
  after.current = afterLoad;
  const ensure = useCallback(
    () =>
      (pending.current ??= load().then((v) => {
        validator.current = v;
        after.current?.();
      })),
    [load],
  );
  const validate = useCallback((values: V): FormErrors => validator.current?.(values) ?? {}, []);
  const onSubmit = useCallback(
    (submit: () => void) => (e: FormEvent) => {
      e.preventDefault();
      void ensure().then(submit);
    },
    [ensure],
  );
  return { validate, onFocus: ensure, onSubmit };
}
