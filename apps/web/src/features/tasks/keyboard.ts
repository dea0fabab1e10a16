/** Inputs a key press is typed into: a board key never acts there. */
const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'file', 'color', 'image']);

/** True when the key goes into a text: a field, a text area, a select, a combobox or an editable element. */
export function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  const role = target.getAttribute('role');
  return role === 'combobox' || role === 'textbox' || role === 'searchbox';
}

/** True when Enter already does something on the element (a button, a link, a tab, a control). */
export function handlesItsOwnEnter(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target !== document.body &&
    target.closest(
      'button, a[href], input, select, textarea, [role="button"], [role="tab"], [role="radio"], [role="link"]',
    ) !== null
  );
}
