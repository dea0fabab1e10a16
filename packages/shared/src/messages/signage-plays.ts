import { defineMessages } from './define.js';
import { LANGUAGES, type Language } from '../enums.js';

/** Messages of proof of play (issue 33): what a screen played, its upload and the monthly report. */
export const SIGNAGE_PLAYS_MSG = defineMessages('signagePlays', {
  playsRequired: 'Bitte mindestens eine Wiedergabe senden.',
  tooManyPlays: 'Höchstens 500 Wiedergaben je Sendung.',
  seqInvalid: 'Die Folgenummer muss eine positive ganze Zahl sein.',
  fileInvalid: 'Ungültige Datei-ID.',
  startedAtInvalid: 'Ungültiger Startzeitpunkt (ISO 8601 mit Zeitzone).',
  durationInvalid: 'Die Dauer muss zwischen 0 und 24 Stunden liegen (Millisekunden).',
  rangeInvalid: 'Ungültiger Zeitraum (von und bis als JJJJ-MM-TT, von nicht nach bis, höchstens 366 Tage).',
  monthInvalid: 'Ungültiger Monat (JJJJ-MM).',
});

/**
 * The monthly proof-of-play PDF in the reader's language (Arabic right to left, laid out by the
 * server's bidi writer, `platform/pdf-bidi.ts`).
 */
export interface PlayReportTexts {
  title: string;
  /** `{{plays}}` and `{{screens}}`: "Ihr Content lief 4.312-mal auf 3 Bildschirmen". */
  headline: string;
  headlineOne: string;
  period: string;
  file: string;
  plays: string;
  duration: string;
  screens: string;
  none: string;
  generated: string;
  numberLocale: string;
  dir: 'ltr' | 'rtl';
  lang: Language;
}

const TEXTS: Record<Language, PlayReportTexts> = {
  de: {
    title: 'Wiedergabenachweis {{month}}',
    headline: 'Ihr Content lief {{plays}}-mal auf {{screens}} Bildschirmen',
    headlineOne: 'Ihr Content lief {{plays}}-mal auf 1 Bildschirm',
    period: 'Zeitraum {{from}} bis {{to}} (Zeit Wien)',
    file: 'Datei',
    plays: 'Wiedergaben',
    duration: 'Dauer',
    screens: 'Bildschirme',
    none: 'In diesem Monat wurden keine Wiedergaben gemeldet.',
    generated: 'erstellt am {{at}}',
    lang: 'de',
    numberLocale: 'de-DE',
    dir: 'ltr',
  },
  en: {
    title: 'Proof of play {{month}}',
    headline: 'Your content played {{plays}} times on {{screens}} screens',
    headlineOne: 'Your content played {{plays}} times on 1 screen',
    period: 'Period {{from}} to {{to}} (Vienna time)',
    file: 'File',
    plays: 'Plays',
    duration: 'Duration',
    screens: 'Screens',
    none: 'No plays were reported this month.',
    generated: 'created on {{at}}',
    lang: 'en',
    numberLocale: 'en-GB',
    dir: 'ltr',
  },
  fr: {
    title: 'Justificatif de diffusion {{month}}',
    headline: 'Votre contenu a été diffusé {{plays}} fois sur {{screens}} écrans',
    headlineOne: 'Votre contenu a été diffusé {{plays}} fois sur 1 écran',
    period: 'Période du {{from}} au {{to}} (heure de Vienne)',
    file: 'Fichier',
    plays: 'Diffusions',
    duration: 'Durée',
    screens: 'Écrans',
    none: "Aucune diffusion n'a été signalée ce mois-ci.",
    generated: 'créé le {{at}}',
    lang: 'fr',
    numberLocale: 'fr-FR',
    dir: 'ltr',
  },
  // Latin digits, as the Arabic screens show numbers (apps/web/src/lib/format.ts). The count stays
  // out of the noun's number ("شاشة" after 2…10 would want its dual or plural).
  ar: {
    title: 'إثبات العرض {{month}}',
    headline: 'عُرض المحتوى الخاص بك {{plays}} مرة · عدد الشاشات: {{screens}}',
    headlineOne: 'عُرض المحتوى الخاص بك {{plays}} مرة على شاشة واحدة',
    period: 'الفترة من {{from}} إلى {{to}} (بتوقيت فيينا)',
    file: 'الملف',
    plays: 'مرات العرض',
    duration: 'المدة',
    screens: 'الشاشات',
    none: 'لم يتم الإبلاغ عن أي عرض في هذا الشهر.',
    generated: 'أُنشئ في {{at}}',
    lang: 'ar',
    numberLocale: 'ar-u-nu-latn',
    dir: 'rtl',
  },
};

export function playReportTexts(lang: string | null | undefined): PlayReportTexts {
  const l = (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Language) : 'de';
  return TEXTS[l];
}
