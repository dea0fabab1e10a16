import type { TFunction } from 'i18next';
import type { PortalNotification } from '@portal/shared';
import { isolate } from '../../components/ltr';

/**
 * Notifications are stored as the German sentences the server wrote (apps/server/src/modules/tasks:
 * service.ts and overdue.ts). Until they are stored as a type and parameters, the bar recognises the
 * server's sentences and says them again in the interface's language: the German wording of each
 * (`notifications.texts.*` in de/notifications.json, word for word the server's) is turned into a
 * pattern, its parameters are taken from the stored sentence and put into the translation. A sentence
 * it does not know (say one an admin wrote) is shown as it was written.
 */
interface Template {
  title: string;
  message: string;
}

// Parameters that are a person's words (names, titles, comments) are isolated in the sentence
// around them; ids and counts are digits and read left-to-right anyway.
const PERSONS_WORDS = new Set(['name', 'titel', 'comment']);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(message: string): { pattern: RegExp; params: string[] } {
  const params: string[] = [];
  const source = message
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const param = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      if (!param) return escapeRegExp(part);
      params.push(param);
      return '([\\s\\S]+?)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), params };
}

let compiled: { key: string; title: string; pattern: RegExp; params: string[] }[] | null = null;

function templates(t: TFunction) {
  if (compiled) return compiled;
  const german = t('notifications.texts', { lng: 'de', returnObjects: true }) as Record<string, Template> | string;
  if (typeof german !== 'object') return [];
  compiled = Object.entries(german).map(([key, tpl]) => ({ key, title: tpl.title, ...compile(tpl.message) }));
  return compiled;
}

/** Title and message of a notification in the interface's language (as stored when not recognised). */
export function notificationText(t: TFunction, n: Pick<PortalNotification, 'title' | 'message'>) {
  for (const tpl of templates(t)) {
    if (tpl.title !== n.title) continue;
    const match = tpl.pattern.exec(n.message);
    if (!match) continue;
    const values = Object.fromEntries(
      tpl.params.map((p, i) => [p, PERSONS_WORDS.has(p) ? isolate(match[i + 1]!) : match[i + 1]!]),
    );
    return {
      title: t(`notifications.texts.${tpl.key}.title`),
      message: t(`notifications.texts.${tpl.key}.message`, values),
      translated: true,
    };
  }
  return { title: n.title, message: n.message, translated: false };
}
