import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

/**
 * A screen's title (WCAG 2.4.2): i18n keys from the specific to the general, each shown once, then the
 * portal's name, e.g. "Übersicht – Kassenbuch – Service-Portal". A key may be given as { text } when
 * its words are already translated.
 */
export type TitleParts = readonly (string | { text: string })[];

export function documentTitle(t: TFunction, parts: TitleParts): string {
  const words = parts.map((p) => (typeof p === 'string' ? t(p) : p.text));
  // A part already said by the one before it adds nothing ("Aufgaben Übersicht – Aufgaben").
  const kept = words.filter((w, i) => w && !words.slice(0, i).some((before) => before.includes(w)));
  return [...kept, t('app.name')].join(' – ');
}

/**
 * Sets document.title. The words are looked up in the effect, after the screen beside it has been
 * committed: by then its area's strings are loaded (lazyPage), so no key is looked up before it exists.
 */
export function PageTitle({ title }: { title: TitleParts }) {
  const { t, i18n } = useTranslation();
  const key = JSON.stringify(title);
  useEffect(() => {
    document.title = documentTitle(t, JSON.parse(key) as TitleParts);
  }, [t, key, i18n.resolvedLanguage]);
  return null;
}

/** A route's element with its title: the one way screens get their titles (route tables). */
export function titled(title: TitleParts | string, element: ReactNode): ReactNode {
  return (
    <>
      {element}
      <PageTitle title={typeof title === 'string' ? [title] : title} />
    </>
  );
}
