import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, RTL_LANGUAGES, type Language } from '@portal/shared';

/**
 * Locale files live per language and area: `locales/<lang>/<area>.json`, each holding part of two
 * namespaces: `translation` (the interface, keyed by name) and `validation` (the shared schemas' and
 * the server's German messages, keyed by the German text itself). The files of a language are merged.
 */
type Bundle = Record<string, Record<string, unknown>>;

function mergeBundles(files: Bundle[]): Bundle {
  const out: Bundle = {};
  for (const f of files) for (const [ns, values] of Object.entries(f)) out[ns] = { ...out[ns], ...values };
  return out;
}

// Every language, German included, loads on demand (one chunk per area file, fetched in parallel), so
// the landing page does not carry the staff area's strings. The first paint waits for it (main.tsx).
const files = import.meta.glob<Bundle>('../locales/*/*.json', { import: 'default' });

async function loadLanguage(language: string): Promise<Bundle> {
  const loaders = Object.entries(files).filter(([path]) => path.startsWith(`../locales/${language}/`));
  if (loaders.length === 0) throw new Error(`no locale files for ${language}`);
  return mergeBundles(await Promise.all(loaders.map(([, load]) => load())));
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadLanguage(language)
      .then((bundle) => callback(null, bundle[namespace] ?? {}))
      .catch((e: Error) => callback(e, null));
  },
};

export function applyDocumentLanguage(lng: string): void {
  const lang = (LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : 'de';
  document.documentElement.lang = lang;
  document.documentElement.dir = RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr';
}

export const i18nReady = i18n
  .use(lazyLocales)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    fallbackLng: 'de',
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: ['translation', 'validation'],
    defaultNS: 'translation',
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lang',
      caches: ['localStorage'],
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

i18n.on('languageChanged', applyDocumentLanguage);

/**
 * A German message from a shared schema or from the server, in the current language.
 * The German text is the key (the spec's messages are the contract); unknown ones stay as they are.
 */
export function translateMessage(message: string): string {
  return i18n.t(message, { ns: 'validation', keySeparator: false, nsSeparator: false, defaultValue: message });
}

export default i18n;
