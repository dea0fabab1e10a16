import type { Message } from '@portal/shared';
import i18n from './i18n';

/** A catalogue code (`<area>.<key>`, e.g. `cashbook.amountRequired`) the loaded strings know. */
function knownCode(code: string | undefined): code is string {
  return !!code && /^[a-z][A-Za-z]*(\.[A-Za-z]\w*)+$/.test(code) && i18n.exists(code, { ns: 'validation' });
}

/**
 * A message in the current language, found by its catalogue code (locales: `validation.<area>.<key>`):
 * a catalogue entry itself, a server answer's `code`, or a shared schema's issue (its message is the
 * entry's code). The German text is what stays when no language has the code; any other text is shown as it is.
 */
export function translateMessage(message: string | Message, code?: string, params?: Record<string, string>): string {
  if (typeof message !== 'string') return translateMessage(message.de, message.code, params);
  const key = knownCode(code) ? code : knownCode(message) ? message : undefined;
  return key ? i18n.t(key, { ns: 'validation', ...params }) : message;
}
