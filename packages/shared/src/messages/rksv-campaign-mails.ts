import type { Language } from '../enums.js';
import { fillText } from './notification-texts.js';

/**
 * The mail of a renewal or replacement campaign (issue 32): staff choose a card type that loses its
 * approval (replacement) or the cards whose certificate runs out before a day (renewal) and send one
 * reminder; each order e-mail gets it once per campaign, in the order's language, naming its cards, what
 * to do and where the new card is ordered. The texts live here because the server writes the mails.
 */
export const RKSV_CAMPAIGN_MAIL_KINDS = ['replacement', 'renewal'] as const;
export type RksvCampaignMailKind = (typeof RKSV_CAMPAIGN_MAIL_KINDS)[number];

export interface RksvCampaignMailValues {
  /** replacement: the campaign names a card type; renewal: only an expiry window. */
  kind: RksvCampaignMailKind;
  /** The buyer's name (greeting). */
  name: string;
  companyname: string;
  /** The cards of this order e-mail: serial number (or another mark) and, when known, the certificate's end. */
  cards: { card: string; validUntil?: string }[];
  /** replacement: the card type. */
  cardType?: string;
  /** Where the new card is ordered (`${PUBLIC_URL}/rksv`). */
  shopUrl: string;
  /** The sender under the closing. */
  seller: string;
}

interface CampaignMailTexts {
  subject: Record<RksvCampaignMailKind, string>;
  greeting: string;
  intro: Record<RksvCampaignMailKind, string>;
  /** One line per card; `{{validUntil}}` only where known. */
  card: string;
  cardUntil: string;
  steps: string;
  closing: string;
}

export const RKSV_CAMPAIGN_MAIL_TEXTS: Record<Language, CampaignMailTexts> = {
  de: {
    subject: {
      replacement: 'Ihre Signaturkarte {{cardType}} muss ersetzt werden',
      renewal: 'Ihre Signaturkarte läuft bald ab: jetzt neue Karte bestellen',
    },
    greeting: 'Guten Tag {{name}},',
    intro: {
      replacement:
        'der Kartentyp {{cardType}} erfüllt die Anforderungen der RKSV nicht mehr. Diese Signaturkarten von {{companyname}} sind daher zu ersetzen:',
      renewal: 'das Zertifikat dieser Signaturkarten von {{companyname}} läuft bald ab:',
    },
    card: '– {{card}}',
    cardUntil: '– {{card}} (gültig bis {{validUntil}})',
    steps:
      'So gehen Sie vor:\n1. Bestellen Sie die neue Karte in unserem Shop: {{shopUrl}}\n2. Aktivieren Sie die neue Karte an der Registrierkasse und registrieren Sie sie in FinanzOnline.\n3. Melden Sie danach die alte Karte in FinanzOnline ab.\nBei Fragen antworten Sie einfach auf diese Mail.',
    closing: 'Mit freundlichen Grüßen',
  },
  en: {
    subject: {
      replacement: 'Your signature card {{cardType}} must be replaced',
      renewal: 'Your signature card expires soon: order a new card now',
    },
    greeting: 'Dear {{name}},',
    intro: {
      replacement:
        'the card type {{cardType}} no longer meets the requirements of the RKSV. These signature cards of {{companyname}} must therefore be replaced:',
      renewal: 'the certificate of these signature cards of {{companyname}} expires soon:',
    },
    card: '– {{card}}',
    cardUntil: '– {{card}} (valid until {{validUntil}})',
    steps:
      'How to proceed:\n1. Order the new card in our shop: {{shopUrl}}\n2. Activate the new card at your cash register and register it in FinanzOnline.\n3. Then deregister the old card in FinanzOnline.\nIf you have questions, simply reply to this e-mail.',
    closing: 'Kind regards',
  },
  fr: {
    subject: {
      replacement: 'Votre carte de signature {{cardType}} doit être remplacée',
      renewal: 'Votre carte de signature expire bientôt : commandez une nouvelle carte',
    },
    greeting: 'Bonjour {{name}},',
    intro: {
      replacement:
        'le type de carte {{cardType}} ne répond plus aux exigences de la RKSV. Ces cartes de signature de {{companyname}} doivent donc être remplacées :',
      renewal: 'le certificat de ces cartes de signature de {{companyname}} expire bientôt :',
    },
    card: '– {{card}}',
    cardUntil: '– {{card}} (valable jusqu’au {{validUntil}})',
    steps:
      'Marche à suivre :\n1. Commandez la nouvelle carte dans notre boutique : {{shopUrl}}\n2. Activez la nouvelle carte sur votre caisse enregistreuse et enregistrez-la dans FinanzOnline.\n3. Désinscrivez ensuite l’ancienne carte dans FinanzOnline.\nPour toute question, répondez simplement à cet e-mail.',
    closing: 'Cordialement',
  },
  ar: {
    subject: {
      replacement: 'يجب استبدال بطاقة التوقيع {{cardType}} الخاصة بك',
      renewal: 'بطاقة التوقيع الخاصة بك ستنتهي صلاحيتها قريبًا: اطلب بطاقة جديدة الآن',
    },
    greeting: 'مرحبًا {{name}}،',
    intro: {
      replacement:
        'نوع البطاقة {{cardType}} لم يعد يستوفي متطلبات RKSV. لذلك يجب استبدال بطاقات التوقيع التالية الخاصة بـ {{companyname}}:',
      renewal: 'ستنتهي قريبًا شهادة بطاقات التوقيع التالية الخاصة بـ {{companyname}}:',
    },
    card: '– {{card}}',
    cardUntil: '– {{card}} (صالحة حتى {{validUntil}})',
    steps:
      'الخطوات:\n1. اطلب البطاقة الجديدة من متجرنا: {{shopUrl}}\n2. فعّل البطاقة الجديدة في آلة تسجيل النقد وسجّلها في FinanzOnline.\n3. ثم قم بإلغاء تسجيل البطاقة القديمة في FinanzOnline.\nإذا كانت لديك أسئلة، فقم بالرد على هذه الرسالة.',
    closing: 'مع أطيب التحيات',
  },
};

/** Subject and plain text of one campaign mail, in the given language. */
export function rksvCampaignMail(lang: Language, v: RksvCampaignMailValues): { subject: string; text: string } {
  const t = RKSV_CAMPAIGN_MAIL_TEXTS[lang];
  const values: Record<string, string | number | undefined> = {
    name: v.name,
    companyname: v.companyname,
    cardType: v.cardType,
    shopUrl: v.shopUrl,
  };
  const fill = (text: string, extra: Record<string, string | undefined> = {}) =>
    fillText(text, { ...values, ...extra });
  const cards = v.cards.map((c) => fill(c.validUntil ? t.cardUntil : t.card, c)).join('\n');
  const blocks = [fill(t.greeting), `${fill(t.intro[v.kind])}\n${cards}`, fill(t.steps), `${t.closing}\n${v.seller}`];
  return { subject: fill(t.subject[v.kind]), text: blocks.join('\n\n') };
}
