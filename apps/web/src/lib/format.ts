import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAnswerTime, formatDate, formatDateTime, formatMoney, type DateLabels } from '@portal/shared';

/*
 * One formatter per language: every number, month and long date a screen shows goes through here,
 * keyed by the interface language. German is Austrian German (de-AT: "Jänner"; numbers `1.234`), Arabic
 * keeps Latin digits (numbers read left to right as everywhere else in the app). Money and the
 * numeric dates stay the shared de-AT formats of mails and PDFs in every language (the spec's
 * `€ 1.234,56`, `dd.MM.yyyy`, Vienna time), so they are the same on screen and on paper.
 */

const LOCALES: Record<string, string> = { de: 'de-AT', en: 'en-GB', fr: 'fr-FR', ar: 'ar-u-nu-latn' };

/** The Intl locale of an interface language (`de` → `de-AT`); an unknown language reads German. */
export function intlLocale(language: string | undefined): string {
  return LOCALES[(language ?? 'de').split('-')[0]!] ?? 'de-AT';
}

/**
 * The Intl locale of a language's plain numbers. German groups thousands with a point (`1.234`), as
 * money does (`€ 1.234,56`) and as the screens and the README's figures always have (`1.000+`):
 * CLDR's de-AT groups plain numbers with a space but money with a point, and one screen showing both
 * would read inconsistently. Months and long dates stay Austrian (`Jän.`).
 */
const numberLocale = (language: string | undefined) => {
  const locale = intlLocale(language);
  return locale === 'de-AT' ? 'de-DE' : locale;
};

/** A number in the language's digits and separators (`1.234,5` in German). */
export function formatNumber(
  n: number,
  language: string | undefined,
  options: { digits?: number; minDigits?: number } = {},
): string {
  const { digits, minDigits } = options;
  return new Intl.NumberFormat(numberLocale(language), {
    ...(digits === undefined ? {} : { maximumFractionDigits: digits }),
    ...(minDigits === undefined ? {} : { minimumFractionDigits: minDigits }),
  }).format(n);
}

/** A count that may be capped: `10.000+` when the server stopped counting. */
export function formatCount(n: number, language: string | undefined, capped = false): string {
  return `${formatNumber(n, language, { digits: 0 })}${capped ? '+' : ''}`;
}

/** A share 0…1 as a percentage (`12,5 %` in German). */
export function formatPercent(share: number, language: string | undefined, digits = 1): string {
  return new Intl.NumberFormat(numberLocale(language), { style: 'percent', maximumFractionDigits: digits }).format(
    share,
  );
}

/** 'YYYY-MM' → the month with its year in the language (`Jän. 2026`; `year: '2-digit'` → `Jän. 26`). */
export function formatMonth(ym: string, language: string | undefined, year: 'numeric' | '2-digit' = 'numeric'): string {
  const [y, m] = ym.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocale(language), { month: 'short', year, timeZone: 'UTC' }).format(
    new Date(Date.UTC(y!, m! - 1, 1)),
  );
}

/** 'YYYY-MM' → `MM/yyyy`, the same in every language like the numeric dates (the cashbook's months). */
export function formatMonthNumeric(ym: string): string {
  return `${ym.slice(5, 7)}/${ym.slice(0, 4)}`;
}

/** The twelve month names of the language (`Jänner` … `Dezember`). */
export function monthNames(language: string | undefined): string[] {
  const fmt = new Intl.DateTimeFormat(intlLocale(language), { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => fmt.format(new Date(Date.UTC(2024, i, 15))));
}

/**
 * A day written out (`Montag, 17. Mai 2030`): a `yyyy-MM-dd` key as that calendar day, a Date as its
 * day in Vienna. `year: false` leaves the year out.
 */
export function formatLongDate(value: string | Date, language: string | undefined, { year = true } = {}): string {
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(year ? { year: 'numeric' } : {}),
  };
  if (typeof value === 'string') {
    const [y, m, d] = value.split('-').map(Number);
    return new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone: 'UTC' }).format(
      new Date(Date.UTC(y!, m! - 1, d!)),
    );
  }
  return new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone: 'Europe/Vienna' }).format(value);
}

/** Names joined as a sentence does (`A, B und C`). */
export function formatList(names: string[], language: string | undefined): string {
  return new Intl.ListFormat(intlLocale(language), { style: 'long', type: 'conjunction' }).format(names);
}

/** The time of day `HH:mm` in Vienna, the same in every language (like the numeric dates). */
export function formatTime(value: Date): string {
  return new Intl.DateTimeFormat('de-AT', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/Vienna',
  }).format(value);
}

export { formatDate, formatDateTime, formatMoney, type DateLabels };

/** When an answer is due, weekday and time in Vienna in the language (`Dienstag, 09:30`; a date a week or more ahead). */
export function formatAnswerTimeIn(due: string | Date, language: string | undefined, now: Date = new Date()): string {
  return formatAnswerTime(due, intlLocale(language), now);
}

/** The formatters bound to the reader's current language (re-rendered when it changes). */
export function useFormat() {
  const { i18n, t } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    const labels = { invalid: t('common.invalidDate'), missing: t('common.na') };
    return {
      language: lang,
      number: (n: number, options?: { digits?: number; minDigits?: number }) => formatNumber(n, lang, options),
      count: (n: number, capped?: boolean) => formatCount(n, lang, capped),
      percent: (share: number, digits?: number) => formatPercent(share, lang, digits),
      month: (ym: string, year?: 'numeric' | '2-digit') => formatMonth(ym, lang, year),
      monthNames: () => monthNames(lang),
      longDate: (value: string | Date, options?: { year?: boolean }) => formatLongDate(value, lang, options),
      time: formatTime,
      answerTime: (due: string | Date) => formatAnswerTimeIn(due, lang),
      money: formatMoney,
      date: (value: string | Date | null | undefined) => formatDate(value, labels),
      dateTime: (value: string | Date | null | undefined) => formatDateTime(value, labels),
    };
  }, [lang, t]);
}
