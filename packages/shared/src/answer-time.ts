/**
 * When a requester can expect an answer (issue 31): the response deadline as a public form's success
 * message and its confirmation mail word it, weekday and time in Vienna ("Dienstag, 09:30"); a deadline
 * a week or more ahead (a holiday week) adds its date, so the weekday cannot be read as this week's.
 */
const ZONE = 'Europe/Vienna';

const viennaDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

/** `locale` an Intl locale (`de-AT`, `en-GB`, `fr-FR`, `ar-u-nu-latn`). */
export function formatAnswerTime(due: Date | string, locale: string, at: Date | number): string {
  const d = new Date(due);
  const days = (Date.parse(viennaDay(d)) - Date.parse(viennaDay(new Date(at)))) / 86_400_000;
  return new Intl.DateTimeFormat(locale, {
    timeZone: ZONE,
    weekday: 'long',
    ...(days >= 6 ? { day: 'numeric', month: 'long' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
}
