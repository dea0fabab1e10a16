import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, RTL_LANGUAGES, type Language } from '@portal/shared';

/**
 * Locale files live per language and area: `locales/<lang>/<area>.json`, each holding part of two
 * namespaces: `translation` (the interface, keyed by name) and `validation` (the message catalogue's
 * texts keyed by their code `<area>.<key>`, see translateMessage). The files of a language are merged.
 */
type Bundle = Record<string, Record<string, unknown>>;

function mergeBundles(files: Bundle[]): Bundle {
  const out: Bundle = {};
  for (const f of files) for (const [ns, values] of Object.entries(f)) out[ns] = { ...out[ns], ...values };
  return out;
}

// Every language, German included, loads on demand: one chunk per area file. The first paint waits
// for `common` (main.tsx); an area's strings load with the first screen of that area (`loadAreas`),
// so the landing page carries neither the staff area's strings nor the forms'.
const files = import.meta.glob<Bundle>('../locales/*/*.json', { import: 'default' });

/** The locale files besides `common`, one per area of the app. */
export type LocaleArea =
  | 'public-pages'
  | 'public-forms'
  | 'shop'
  | 'legal'
  | 'tasks'
  | 'notifications'
  | 'staff'
  | 'rksv-orders'
  | 'rksv-cards'
  | 'rksv-campaigns'
  | 'stats'
  | 'ratings'
  | 'signage'
  | 'signage-plays'
  | 'sync'
  | 'insolvency'
  | 'customers'
  | 'cashbook'
  | 'business'
  | 'business-records'
  | 'service-levels'
  | 'audit';
/**
 * `public-pages`: the landing, marketing, status and integration pages, opening hours and setting a
 * password; `legal`: imprint, privacy notice and terms (long texts, loaded only there); `staff`: the
 * signed-in areas' own screens (navigation, knowledge base, settings, profile,
 * roles). `common` keeps what every screen needs, so a sign-in page carries little else.
 */
export const ALL_AREAS: LocaleArea[] = ['public-pages', 'public-forms', 'shop', 'tasks', 'notifications', 'staff'];
/**
 * The staff area's strings: its screens mix tasks, notifications and the staff screens' own; none shows a
 * public page's, a public form's or the shop's strings (6.5 KB gzipped, docs/figures.md "Staff screens").
 */
export const STAFF_AREAS: LocaleArea[] = ['tasks', 'notifications', 'staff'];

const activeAreas = new Set<string>(['common']);
const fileOf = (language: string, area: string) => files[`../locales/${language}/${area}.json`];

async function loadLanguage(language: string): Promise<Bundle> {
  if (!fileOf(language, 'common')) throw new Error(`no locale files for ${language}`);
  const loaders = [...activeAreas].map((area) => fileOf(language, area)).filter((l) => l !== undefined);
  return mergeBundles(await Promise.all(loaders.map((load) => load())));
}

/**
 * Loads the strings of the given areas before a screen of that area renders (lazyPage): in the current
 * language, its fallback, and every other language already loaded. i18next loads a language only once,
 * so a language visited before an area was opened would otherwise never get that area's strings: a
 * switch back to it showed the screen in German (and the build-time pages, rendered one language after
 * the other on a Node whose `navigator.language` made English the first one loaded, were half German).
 * A language not loaded yet gets every area in use when it is first chosen (the backend below).
 */
export async function loadAreas(areas: readonly LocaleArea[]): Promise<void> {
  const fresh = areas.filter((a) => !activeAreas.has(a));
  if (fresh.length === 0) return;
  fresh.forEach((a) => activeAreas.add(a));
  await i18nReady;
  // Until no language is left without them: a language loaded while these files were on their way
  // (a switch in the sidebar at that moment) gets them too, or its screen stayed half German.
  const done = new Set<string>();
  for (;;) {
    const visited = LANGUAGES.filter((l) => i18n.hasResourceBundle(l, 'translation'));
    const languages = [...new Set([...i18n.languages, ...visited])].filter((l) => fileOf(l, 'common') && !done.has(l));
    if (languages.length === 0) return;
    await Promise.all(languages.map((language) => addAreas(language, fresh)));
    languages.forEach((l) => done.add(l));
  }
}

async function addAreas(language: string, areas: readonly string[]): Promise<void> {
  const bundles = await Promise.all(areas.map((area) => fileOf(language, area)?.()));
  for (const bundle of bundles)
    for (const [ns, values] of Object.entries(bundle ?? {})) i18n.addResourceBundle(language, ns, values, true, true);
}

/**
 * The one way to switch the language (sidebar, settings, the account's language at sign-in): the strings
 * of every area in use are loaded first, then everything switches in one render (issue 30: the board and
 * the notification panel stayed German after a switch while their files were still loading).
 */
let switches = 0;
export async function switchLanguage(language: string): Promise<void> {
  // The last language asked for wins: the account's language applied at sign-in may still be loading its
  // strings when the person picks another in the sidebar, and must not switch over their choice later.
  const mine = ++switches;
  await i18nReady;
  if (fileOf(language, 'common') && i18n.hasResourceBundle(language, 'translation'))
    await addAreas(language, [...activeAreas]);
  await i18n.loadLanguages(language);
  if (mine !== switches) return;
  await i18n.changeLanguage(language);
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
  if (typeof document === 'undefined') return;
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
    // A key without a string (an area not loaded, say) is reported, so the end-to-end suite fails on
    // it. Server messages (namespace validation) fall back to their German text by design.
    saveMissing: true,
    missingKeyHandler: (_lngs, ns, key) => {
      if (ns !== 'validation') console.warn(`i18n: missing key ${ns}:${key}`);
    },
    react: { useSuspense: true },
  });

i18n.on('languageChanged', applyDocumentLanguage);

export default i18n;
