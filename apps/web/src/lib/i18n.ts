import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, RTL_LANGUAGES, type Language } from '@portal/shared';
import de from '../locales/de.json';

/**
 * Each locale file holds two namespaces: `translation` (the interface, keyed by name) and
 * `validation` (the shared schemas' and the server's German messages, keyed by the German text itself).
 */
type Bundle = Record<string, Record<string, unknown>>;

/**
 * German ships in the main bundle (it is the default and the fallback); the other languages are
 * loaded on demand, each as its own chunk, so the public pages stay light.
 */
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (language === 'de') return callback(null, (de as Bundle)[namespace] ?? {});
    import(`../locales/${language}.json`)
      .then((m: { default: Bundle }) => callback(null, m.default[namespace] ?? {}))
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
    partialBundledLanguages: true,
    ns: ['translation', 'validation'],
    defaultNS: 'translation',
    resources: { de: de as Bundle },
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
