/**
 * After a refused submit: the first field marked invalid inside `scope` (a form or panel selector)
 * takes the focus, so the keyboard and a screen reader land on what needs fixing.
 */
export function focusFirstInvalid(scope: string): void {
  document.querySelector<HTMLElement>(`${scope} [aria-invalid="true"]`)?.focus();
}

/**
 * Installed once (main.tsx) for every form of the app: a submit the form's own check refused (Mantine
 * marks the fields `aria-invalid` in the same event) moves the focus to the first refused field, unless
 * the person is already in one (WCAG 3.3.1 / 2.4.3: an empty submit no longer leaves the focus on the
 * button). Refusals that arrive later from the server are focused by the form with `focusFirstInvalid`.
 */
export function focusFirstInvalidOnSubmit(doc: Document = document): void {
  doc.addEventListener(
    'submit',
    (e) => {
      const form = e.target;
      if (!(form instanceof HTMLFormElement)) return;
      // After React has rendered the refusal (two frames: the event's own and the commit's).
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
          const active = doc.activeElement;
          if (!first || (active instanceof HTMLElement && active.getAttribute('aria-invalid') === 'true')) return;
          first.focus();
        }),
      );
    },
    true,
  );
}

/**
 * `focusFirstInvalid` for refusals set from a callback (the server's answer, a check before sending):
 * React draws the errors in a task of its own, which on a busy machine comes after the next frame, so
 * the field is looked for on each of the next frames until one is marked invalid.
 */
export function focusFirstInvalidSoon(scope: string, frames = 20): void {
  const attempt = (left: number) =>
    requestAnimationFrame(() => {
      const field = document.querySelector<HTMLElement>(`${scope} [aria-invalid="true"]`);
      if (field) field.focus();
      else if (left > 0) attempt(left - 1);
    });
  attempt(frames);
}
