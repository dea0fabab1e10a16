import { RATING_COMMENT_MAX } from './stats-rules.js';

/*
 * The longest free texts the portal takes, in characters (issue 28 item 19): one place for the
 * server's schemas (400 naming the field when exceeded) and the web forms (counter near the limit).
 */
export const TEXT_LIMITS = {
  /** Task title (create-task, the customer's support request). */
  taskTitle: 200,
  /** Task description (create-task, audit, the customer's support request, the public support forms). */
  description: 10_000,
  /** A task note. */
  taskNote: 5_000,
  /** The comment of a help request, and the reason of an audit. */
  taskComment: 5_000,
  /** The customer's comment on a rating. */
  ratingComment: RATING_COMMENT_MAX,
  /** News: the title and the text of a post (each language). */
  newsTitle: 200,
  newsText: 20_000,
  /** Public forms: the menu change's description, the company switch's further information, the DEP remark. */
  publicFormText: 10_000,
  /** Names, companies, addresses, e-mails: the server's limit of a short text (the web's default maxLength). */
  shortText: 200,
} as const;

/**
 * A search text is cut here, never refused (issue 30: a search field never produces a load error from its
 * own input); the web's search fields stop at the same length (the theme's short-text maxLength).
 */
export const SEARCH_TEXT_MAX = 200;

/** A limit as German text shows it (`10.000`). */
export function formatLimit(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** The share of a limit from which a form shows its counter (`180 / 200`). */
export const TEXT_COUNTER_FROM = 0.8;
