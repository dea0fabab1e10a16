import i18n from './i18n';

type Tree = { [key: string]: string | Tree };

/**
 * The catalogue code (`<area>.<key>`) of a German message, read from the German `validation`
 * strings already loaded (German is always loaded as the fallback language). Not from the shared
 * message catalogue itself: that would put every area's messages on every page that can show one.
 */
function codeOfGerman(message: string): string | undefined {
  const bundle = i18n.getResourceBundle('de', 'validation') as Tree | undefined;
  const stack: [string, Tree][] = bundle ? [['', bundle]] : [];
  while (stack.length) {
    const [prefix, tree] = stack.pop()!;
    for (const [key, value] of Object.entries(tree)) {
      const code = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') {
        if (value === message && prefix) return code;
      } else stack.push([code, value]);
    }
  }
  return undefined;
}

/**
 * A German message from a shared schema or from the server, in the current language. A catalogue
 * message (packages/shared/src/messages) is looked up by its code, `validation.<area>.<key>`: the
 * server's answer names it, a schema's text is found by its German wording. Anything else is
 * looked up by the German text itself, and stays as it is when no language knows it.
 */
export function translateMessage(
  message: string,
  code: string | undefined = codeOfGerman(message),
  params?: Record<string, string>,
): string {
  if (code && i18n.exists(code, { ns: 'validation' })) return i18n.t(code, { ns: 'validation', ...params });
  return i18n.t(message, { ns: 'validation', keySeparator: false, nsSeparator: false, defaultValue: message });
}
