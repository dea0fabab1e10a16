/**
 * After a refused submit: the first field marked invalid inside `scope` (a form or panel selector)
 * takes the focus, so the keyboard and a screen reader land on what needs fixing.
 */
export function focusFirstInvalid(scope: string): void {
  document.querySelector<HTMLElement>(`${scope} [aria-invalid="true"]`)?.focus();
}
