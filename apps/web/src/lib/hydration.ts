import { useLayoutEffect, useRef, useSyncExternalStore, type ReactNode, type RefObject } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while the page is rendered at build time (entry-prerender.tsx) and during the render that
 * takes that HTML over in the browser; true from then on. Content that only the browser knows (the
 * shop's prices) waits for it, so the first browser render matches the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Its children once the page has been taken over, `fallback` before (and when prerendering). Only this
 * small subtree renders again after hydration, not the whole page around it.
 */
export function AfterHydration({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback;
}

interface AdoptingForm {
  getValues(): object;
  setFieldValue(path: never, value: never): void;
  setTouched(touched: Record<string, boolean>): void;
}

/**
 * A prerendered form can be typed into before its script has run. React keeps what was typed in the
 * DOM when it takes the page over, but not in the form's state, so the next render would wipe it.
 * Once after taking over, this copies every `input[data-field]` that differs into the form and marks
 * it touched; `onAdopted` then runs (e.g. to load the checks for those fields).
 */
export function useAdoptTypedValues(
  formRef: RefObject<HTMLFormElement | null>,
  form: AdoptingForm,
  onAdopted?: () => void,
): void {
  const latest = useRef({ form, onAdopted });
  latest.current = { form, onAdopted };
  // A layout effect: it runs before any re-render that would write the form's state to the inputs.
  useLayoutEffect(() => {
    const { form: f, onAdopted: done } = latest.current;
    const values = f.getValues() as Record<string, unknown>;
    const touched: Record<string, boolean> = {};
    for (const input of formRef.current?.querySelectorAll<HTMLInputElement>('input[data-field]') ?? []) {
      const key = input.dataset.field!;
      const typed = input.type === 'checkbox' ? input.checked : input.value;
      const known = input.type === 'checkbox' ? values[key] : String(values[key] ?? '');
      if (typed === known) continue;
      (f.setFieldValue as (path: string, value: unknown) => void)(key, typed);
      touched[key] = true;
    }
    if (Object.keys(touched).length > 0) {
      f.setTouched(touched);
      done?.();
    }
  }, [formRef]);
}
