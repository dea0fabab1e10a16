import type { Language } from '../enums.js';
import { fillText } from './notification-texts.js';

/**
 * The reminders a customer gets about a signature card's legal deadline (issue 32): 30 and 7 days before
 * the Jahresbeleg (with the steps of its check), the renewal before the certificate runs out and the
 * replacement of a card type that loses its approval (with the shop's link for the new card). Written in
 * the order's language (German when unknown) by the nightly job; the texts live here because the server
 * writes the mails.
 */
export const RKSV_CARD_MAIL_KINDS = ['jahresbeleg', 'renewal', 'replacement'] as const;
export type RksvCardMailKind = (typeof RKSV_CARD_MAIL_KINDS)[number];

export interface RksvCardMailValues {
  kind: RksvCardMailKind;
  /** The buyer's name (greeting). */
  name: string;
  companyname: string;
  /**
   * The cards' serial numbers (or other marks the customer knows them by): one reminder per buyer
   * address names every card of theirs with the same deadline.
   */
  cards: readonly string[];
  /** The last day, formatted `dd.MM.yyyy`. */
  due: string;
  /** Days left until `due`. */
  days: number;
  /** jahresbeleg: the year whose receipt is checked. */
  year?: number;
  /** renewal: the certificate's last day, `dd.MM.yyyy`. */
  validUntil?: string;
  /** replacement: the card's type. */
  cardType?: string;
  /** renewal, replacement: where the new card is ordered. */
  shopUrl?: string;
  /** The sender under the closing. */
  seller: string;
}

interface CardMailTexts {
  subject: Record<RksvCardMailKind, string>;
  greeting: string;
  closing: string;
  body: Record<RksvCardMailKind, string[]>;
  /** With several cards: the subject and the body's first blocks in the plural (its first block ends with the list). */
  many: { subject: Record<RksvCardMailKind, string>; body: Record<RksvCardMailKind, string[]> };
}

export const RKSV_CARD_MAIL_TEXTS: Record<Language, CardMailTexts> = {
  de: {
    subject: {
      jahresbeleg: 'Jahresbeleg {{year}} prüfen bis {{due}}',
      renewal: 'Ihre Signaturkarte läuft ab: neue Karte bis {{due}} bestellen',
      replacement: 'Ihre Signaturkarte muss bis {{due}} ersetzt werden',
    },
    greeting: 'Guten Tag {{name}},',
    closing: 'Mit freundlichen Grüßen',
    body: {
      jahresbeleg: [
        'für die Signaturkarte {{card}} von {{companyname}} ist der Jahresbeleg {{year}} bis {{due}} zu prüfen (in {{days}} Tagen).',
        'So gehen Sie vor:\n1. Drucken Sie an der Registrierkasse den Jahresbeleg (den Monatsbeleg Dezember {{year}}) aus.\n2. Prüfen Sie ihn mit der App „BMF Belegcheck“: QR-Code scannen, das Ergebnis muss gültig sein.\n3. Bewahren Sie den Beleg sieben Jahre auf.',
        'Bei einer Fehlermeldung der App antworten Sie auf diese Mail: wir helfen Ihnen.',
      ],
      renewal: [
        'das Zertifikat der Signaturkarte {{card}} von {{companyname}} läuft am {{validUntil}} ab.',
        'Bitte bestellen Sie bis {{due}} (in {{days}} Tagen) eine neue Karte, damit Ihre Registrierkasse ohne Unterbrechung signiert: {{shopUrl}}',
        'Nach der Aktivierung der neuen Karte melden Sie die alte in FinanzOnline ab.',
      ],
      replacement: [
        'der Kartentyp {{cardType}} der Signaturkarte {{card}} von {{companyname}} erfüllt die Anforderungen der RKSV nicht mehr; die Karte muss bis {{due}} (in {{days}} Tagen) ersetzt werden.',
        'Die Ersatzkarte bestellen Sie hier: {{shopUrl}}',
        'Nach der Aktivierung der neuen Karte melden Sie die alte in FinanzOnline ab.',
      ],
    },
    many: {
      subject: {
        jahresbeleg: 'Jahresbeleg {{year}} prüfen bis {{due}}',
        renewal: 'Ihre Signaturkarten laufen ab: neue Karten bis {{due}} bestellen',
        replacement: 'Ihre Signaturkarten müssen bis {{due}} ersetzt werden',
      },
      body: {
        jahresbeleg: [
          'für {{count}} Signaturkarten von {{companyname}} ist der Jahresbeleg {{year}} bis {{due}} zu prüfen (in {{days}} Tagen), für jede Karte an ihrer Registrierkasse:',
        ],
        renewal: [
          'die Zertifikate von {{count}} Signaturkarten von {{companyname}} laufen am {{validUntil}} ab:',
          'Bitte bestellen Sie bis {{due}} (in {{days}} Tagen) neue Karten, damit Ihre Registrierkassen ohne Unterbrechung signieren: {{shopUrl}}',
          'Nach der Aktivierung der neuen Karten melden Sie die alten in FinanzOnline ab.',
        ],
        replacement: [
          'der Kartentyp {{cardType}} von {{count}} Signaturkarten von {{companyname}} erfüllt die Anforderungen der RKSV nicht mehr; die Karten müssen bis {{due}} (in {{days}} Tagen) ersetzt werden:',
          'Die Ersatzkarten bestellen Sie hier: {{shopUrl}}',
          'Nach der Aktivierung der neuen Karten melden Sie die alten in FinanzOnline ab.',
        ],
      },
    },
  },
  en: {
    subject: {
      jahresbeleg: 'Check the annual receipt {{year}} by {{due}}',
      renewal: 'Your signature card expires: order a new card by {{due}}',
      replacement: 'Your signature card must be replaced by {{due}}',
    },
    greeting: 'Dear {{name}},',
    closing: 'Kind regards',
    body: {
      jahresbeleg: [
        'the annual receipt (Jahresbeleg) {{year}} of the signature card {{card}} of {{companyname}} must be checked by {{due}} (in {{days}} days).',
        'How to do it:\n1. Print the annual receipt (the December {{year}} monthly receipt) at your cash register.\n2. Check it with the “BMF Belegcheck” app: scan the QR code; the result must be valid.\n3. Keep the receipt for seven years.',
        'If the app reports an error, reply to this e-mail: we will help you.',
      ],
      renewal: [
        'the certificate of the signature card {{card}} of {{companyname}} expires on {{validUntil}}.',
        'Please order a new card by {{due}} (in {{days}} days) so that your cash register keeps signing without a break: {{shopUrl}}',
        'Once the new card is activated, deregister the old one in FinanzOnline.',
      ],
      replacement: [
        'the card type {{cardType}} of the signature card {{card}} of {{companyname}} no longer meets the requirements of the RKSV; the card must be replaced by {{due}} (in {{days}} days).',
        'Order the replacement card here: {{shopUrl}}',
        'Once the new card is activated, deregister the old one in FinanzOnline.',
      ],
    },
    many: {
      subject: {
        jahresbeleg: 'Check the annual receipt {{year}} by {{due}}',
        renewal: 'Your signature cards expire: order new cards by {{due}}',
        replacement: 'Your signature cards must be replaced by {{due}}',
      },
      body: {
        jahresbeleg: [
          'the annual receipt (Jahresbeleg) {{year}} of {{count}} signature cards of {{companyname}} must be checked by {{due}} (in {{days}} days), for each card at its cash register:',
        ],
        renewal: [
          'the certificates of {{count}} signature cards of {{companyname}} expire on {{validUntil}}:',
          'Please order new cards by {{due}} (in {{days}} days) so that your cash registers keep signing without a break: {{shopUrl}}',
          'Once the new cards are activated, deregister the old ones in FinanzOnline.',
        ],
        replacement: [
          'the card type {{cardType}} of {{count}} signature cards of {{companyname}} no longer meets the requirements of the RKSV; the cards must be replaced by {{due}} (in {{days}} days):',
          'Order the replacement cards here: {{shopUrl}}',
          'Once the new cards are activated, deregister the old ones in FinanzOnline.',
        ],
      },
    },
  },
  fr: {
    subject: {
      jahresbeleg: 'Vérifier le justificatif annuel {{year}} avant le {{due}}',
      renewal: 'Votre carte de signature expire : commandez une nouvelle carte avant le {{due}}',
      replacement: 'Votre carte de signature doit être remplacée avant le {{due}}',
    },
    greeting: 'Bonjour {{name}},',
    closing: 'Cordialement',
    body: {
      jahresbeleg: [
        'le justificatif annuel (Jahresbeleg) {{year}} de la carte de signature {{card}} de {{companyname}} doit être vérifié avant le {{due}} (dans {{days}} jours).',
        'Marche à suivre :\n1. Imprimez le justificatif annuel (le justificatif mensuel de décembre {{year}}) sur votre caisse enregistreuse.\n2. Vérifiez-le avec l’application « BMF Belegcheck » : scannez le code QR ; le résultat doit être valide.\n3. Conservez le justificatif pendant sept ans.',
        'Si l’application signale une erreur, répondez à cet e-mail : nous vous aiderons.',
      ],
      renewal: [
        'le certificat de la carte de signature {{card}} de {{companyname}} expire le {{validUntil}}.',
        'Veuillez commander une nouvelle carte avant le {{due}} (dans {{days}} jours) afin que votre caisse continue de signer sans interruption : {{shopUrl}}',
        'Une fois la nouvelle carte activée, désinscrivez l’ancienne dans FinanzOnline.',
      ],
      replacement: [
        'le type de carte {{cardType}} de la carte de signature {{card}} de {{companyname}} ne répond plus aux exigences de la RKSV ; la carte doit être remplacée avant le {{due}} (dans {{days}} jours).',
        'Commandez la carte de remplacement ici : {{shopUrl}}',
        'Une fois la nouvelle carte activée, désinscrivez l’ancienne dans FinanzOnline.',
      ],
    },
    many: {
      subject: {
        jahresbeleg: 'Vérifier le justificatif annuel {{year}} avant le {{due}}',
        renewal: 'Vos cartes de signature expirent : commandez de nouvelles cartes avant le {{due}}',
        replacement: 'Vos cartes de signature doivent être remplacées avant le {{due}}',
      },
      body: {
        jahresbeleg: [
          'le justificatif annuel (Jahresbeleg) {{year}} de {{count}} cartes de signature de {{companyname}} doit être vérifié avant le {{due}} (dans {{days}} jours), pour chaque carte sur sa caisse :',
        ],
        renewal: [
          'les certificats de {{count}} cartes de signature de {{companyname}} expirent le {{validUntil}} :',
          'Veuillez commander de nouvelles cartes avant le {{due}} (dans {{days}} jours) afin que vos caisses continuent de signer sans interruption : {{shopUrl}}',
          'Une fois les nouvelles cartes activées, désinscrivez les anciennes dans FinanzOnline.',
        ],
        replacement: [
          'le type de carte {{cardType}} de {{count}} cartes de signature de {{companyname}} ne répond plus aux exigences de la RKSV ; les cartes doivent être remplacées avant le {{due}} (dans {{days}} jours) :',
          'Commandez les cartes de remplacement ici : {{shopUrl}}',
          'Une fois les nouvelles cartes activées, désinscrivez les anciennes dans FinanzOnline.',
        ],
      },
    },
  },
  ar: {
    subject: {
      jahresbeleg: 'تحقق من الإيصال السنوي {{year}} قبل {{due}}',
      renewal: 'بطاقة التوقيع الخاصة بك تنتهي صلاحيتها: اطلب بطاقة جديدة قبل {{due}}',
      replacement: 'يجب استبدال بطاقة التوقيع الخاصة بك قبل {{due}}',
    },
    greeting: 'مرحبًا {{name}}،',
    closing: 'مع أطيب التحيات',
    body: {
      jahresbeleg: [
        'يجب التحقق من الإيصال السنوي (Jahresbeleg) لعام {{year}} لبطاقة التوقيع {{card}} الخاصة بـ {{companyname}} قبل {{due}} (خلال {{days}} يومًا).',
        'الخطوات:\n1. اطبع الإيصال السنوي (إيصال شهر ديسمبر {{year}}) من آلة تسجيل النقد.\n2. تحقق منه بتطبيق «BMF Belegcheck»: امسح رمز QR، ويجب أن تكون النتيجة صالحة.\n3. احتفظ بالإيصال لمدة سبع سنوات.',
        'إذا أظهر التطبيق خطأ، فقم بالرد على هذه الرسالة: سنساعدك.',
      ],
      renewal: [
        'تنتهي شهادة بطاقة التوقيع {{card}} الخاصة بـ {{companyname}} في {{validUntil}}.',
        'يرجى طلب بطاقة جديدة قبل {{due}} (خلال {{days}} يومًا) حتى تستمر آلة تسجيل النقد في التوقيع دون انقطاع: {{shopUrl}}',
        'بعد تفعيل البطاقة الجديدة، قم بإلغاء تسجيل البطاقة القديمة في FinanzOnline.',
      ],
      replacement: [
        'نوع البطاقة {{cardType}} لبطاقة التوقيع {{card}} الخاصة بـ {{companyname}} لم يعد يستوفي متطلبات RKSV؛ يجب استبدال البطاقة قبل {{due}} (خلال {{days}} يومًا).',
        'اطلب البطاقة البديلة من هنا: {{shopUrl}}',
        'بعد تفعيل البطاقة الجديدة، قم بإلغاء تسجيل البطاقة القديمة في FinanzOnline.',
      ],
    },
    many: {
      subject: {
        jahresbeleg: 'تحقق من الإيصال السنوي {{year}} قبل {{due}}',
        renewal: 'بطاقات التوقيع الخاصة بك تنتهي صلاحيتها: اطلب بطاقات جديدة قبل {{due}}',
        replacement: 'يجب استبدال بطاقات التوقيع الخاصة بك قبل {{due}}',
      },
      body: {
        jahresbeleg: [
          'يجب التحقق من الإيصال السنوي (Jahresbeleg) لعام {{year}} لـ {{count}} من بطاقات التوقيع الخاصة بـ {{companyname}} قبل {{due}} (خلال {{days}} يومًا)، لكل بطاقة على آلة تسجيل النقد الخاصة بها:',
        ],
        renewal: [
          'تنتهي شهادات {{count}} من بطاقات التوقيع الخاصة بـ {{companyname}} في {{validUntil}}:',
          'يرجى طلب بطاقات جديدة قبل {{due}} (خلال {{days}} يومًا) حتى تستمر آلات تسجيل النقد في التوقيع دون انقطاع: {{shopUrl}}',
          'بعد تفعيل البطاقات الجديدة، قم بإلغاء تسجيل البطاقات القديمة في FinanzOnline.',
        ],
        replacement: [
          'نوع البطاقة {{cardType}} لـ {{count}} من بطاقات التوقيع الخاصة بـ {{companyname}} لم يعد يستوفي متطلبات RKSV؛ يجب استبدال البطاقات قبل {{due}} (خلال {{days}} يومًا):',
          'اطلب البطاقات البديلة من هنا: {{shopUrl}}',
          'بعد تفعيل البطاقات الجديدة، قم بإلغاء تسجيل البطاقات القديمة في FinanzOnline.',
        ],
      },
    },
  },
};

/**
 * Subject and plain text of one reminder to the customer, in the given language: one card named in the
 * sentence, several listed one per line under the plural's first block.
 */
export function rksvCardMail(lang: Language, v: RksvCardMailValues): { subject: string; text: string } {
  const t = RKSV_CARD_MAIL_TEXTS[lang];
  const { cards, ...rest } = v;
  const values: Record<string, string | number | undefined> = { ...rest, card: cards[0], count: cards.length };
  const fill = (text: string) => fillText(text, values);
  let subject = t.subject[v.kind];
  let body = t.body[v.kind].map(fill);
  if (cards.length > 1) {
    subject = t.many.subject[v.kind];
    const plural = t.many.body[v.kind].map(fill);
    plural[0] = `${plural[0]}\n${cards.map((c) => `– ${c}`).join('\n')}`;
    body = [...plural, ...body.slice(plural.length)];
  }
  const blocks = [fill(t.greeting), ...body, `${t.closing}\n${v.seller}`];
  return { subject: fill(subject), text: blocks.join('\n\n') };
}
