import { OPENING_HOURS } from '../calendar.js';
import { LANGUAGES, type Language } from '../enums.js';

/**
 * The mails a buyer of an RKSV order gets from the back office (issue 30): when the order is shipped
 * (tracking number and the Austrian Post's tracking link) and when it is ready for pickup (address
 * and opening hours). Written in the order's language (`rksv_orders.lang`, German when unknown) and
 * queued by the server in the transaction of the change. The texts live here, not in the web's
 * locale files, because the server writes the mails.
 */
export const RKSV_ORDER_MAIL_KINDS = ['shipped', 'pickupReady'] as const;
export type RksvOrderMailKind = (typeof RKSV_ORDER_MAIL_KINDS)[number];

export interface RksvOrderMailValues {
  kind: RksvOrderMailKind;
  id: number;
  /** The buyer's name (greeting). */
  name: string;
  qty: number;
  /** shipped: where it goes, the parcel number and its tracking page */
  address?: string;
  tracking?: string;
  trackingUrl?: string;
  /** pickupReady: who and where to collect it */
  pickupAddress?: string;
  /** The sender under the closing. */
  seller: string;
}

interface MailTexts {
  subject: Record<RksvOrderMailKind, string>;
  greeting: string;
  closing: string;
  body: Record<RksvOrderMailKind, string[]>;
  monThu: string;
  fri: string;
  holidays: string;
}

export const RKSV_ORDER_MAIL_TEXTS: Record<Language, MailTexts> = {
  de: {
    subject: {
      shipped: 'Ihre Bestellung {{id}} wurde versendet',
      pickupReady: 'Ihre Bestellung {{id}} ist abholbereit',
    },
    greeting: 'Guten Tag {{name}},',
    closing: 'Mit freundlichen Grüßen',
    body: {
      shipped: [
        'Ihre Bestellung {{id}} ({{qty}} × Signaturkarte RKSV) wurde an {{address}} versendet.',
        'Sendungsnummer: {{tracking}}\nSendungsverfolgung der Österreichischen Post: {{trackingUrl}}',
      ],
      pickupReady: [
        'Ihre Bestellung {{id}} ({{qty}} × Signaturkarte RKSV) liegt zur Abholung bereit.',
        'Abholadresse: {{pickupAddress}}\nÖffnungszeiten:\n{{hours}}',
        'Bitte nennen Sie bei der Abholung die Bestellnummer {{id}}.',
      ],
    },
    monThu: 'Montag bis Donnerstag',
    fri: 'Freitag',
    holidays: 'An Feiertagen geschlossen.',
  },
  en: {
    subject: {
      shipped: 'Your order {{id}} has been shipped',
      pickupReady: 'Your order {{id}} is ready for pickup',
    },
    greeting: 'Dear {{name}},',
    closing: 'Kind regards',
    body: {
      shipped: [
        'Your order {{id}} ({{qty}} × RKSV signature card) has been shipped to {{address}}.',
        'Tracking number: {{tracking}}\nTrack it with Austrian Post: {{trackingUrl}}',
      ],
      pickupReady: [
        'Your order {{id}} ({{qty}} × RKSV signature card) is ready for pickup.',
        'Pickup address: {{pickupAddress}}\nOpening hours:\n{{hours}}',
        'Please give the order number {{id}} when you collect it.',
      ],
    },
    monThu: 'Monday to Thursday',
    fri: 'Friday',
    holidays: 'Closed on public holidays.',
  },
  fr: {
    subject: {
      shipped: 'Votre commande {{id}} a été expédiée',
      pickupReady: 'Votre commande {{id}} est prête à être retirée',
    },
    greeting: 'Bonjour {{name}},',
    closing: 'Cordialement',
    body: {
      shipped: [
        'Votre commande {{id}} ({{qty}} × carte de signature RKSV) a été expédiée à {{address}}.',
        "Numéro d'envoi : {{tracking}}\nSuivi de l'envoi auprès de la Poste autrichienne : {{trackingUrl}}",
      ],
      pickupReady: [
        'Votre commande {{id}} ({{qty}} × carte de signature RKSV) est prête à être retirée.',
        'Adresse de retrait : {{pickupAddress}}\nHoraires d’ouverture :\n{{hours}}',
        'Veuillez indiquer le numéro de commande {{id}} lors du retrait.',
      ],
    },
    monThu: 'Du lundi au jeudi',
    fri: 'Vendredi',
    holidays: 'Fermé les jours fériés.',
  },
  ar: {
    subject: {
      shipped: 'تم شحن طلبك رقم {{id}}',
      pickupReady: 'طلبك رقم {{id}} جاهز للاستلام',
    },
    greeting: 'مرحبًا {{name}}،',
    closing: 'مع أطيب التحيات',
    body: {
      shipped: [
        'تم شحن طلبك رقم {{id}} ({{qty}} × بطاقة توقيع RKSV) إلى {{address}}.',
        'رقم الشحنة: {{tracking}}\nتتبع الشحنة لدى البريد النمساوي: {{trackingUrl}}',
      ],
      pickupReady: [
        'طلبك رقم {{id}} ({{qty}} × بطاقة توقيع RKSV) جاهز للاستلام.',
        'عنوان الاستلام: {{pickupAddress}}\nأوقات العمل:\n{{hours}}',
        'يرجى ذكر رقم الطلب {{id}} عند الاستلام.',
      ],
    },
    monThu: 'من الاثنين إلى الخميس',
    fri: 'الجمعة',
    holidays: 'مغلق في أيام العطل الرسمية.',
  },
};

/** `{{name}}` placeholders filled from the values (a missing one stays empty). */
function fill(text: string, values: Record<string, string | number | undefined>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(values[k] ?? ''));
}

/** The language of an order's mails: its own when known, else German. */
export function orderMailLanguage(lang: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Language) : 'de';
}

/** The pickup hours (shared OPENING_HOURS: Mon–Thu 09:30–17:30, Fri 09:30–15:00) in the mail's language. */
export function pickupHoursText(lang: Language): string {
  const t = RKSV_ORDER_MAIL_TEXTS[lang];
  const span = (d: number) => `${OPENING_HOURS[d]!.from}–${OPENING_HOURS[d]!.to}`;
  return [`${t.monThu}: ${span(1)}`, `${t.fri}: ${span(5)}`, t.holidays].join('\n');
}

/** Subject and plain text of one mail to the buyer, in the given language. */
export function rksvOrderMail(lang: Language, v: RksvOrderMailValues): { subject: string; text: string } {
  const t = RKSV_ORDER_MAIL_TEXTS[lang];
  const values = { ...v, hours: pickupHoursText(lang) };
  const blocks = [fill(t.greeting, values), ...t.body[v.kind].map((p) => fill(p, values)), `${t.closing}\n${v.seller}`];
  return { subject: fill(t.subject[v.kind], values), text: blocks.join('\n\n') };
}
