import { defineMessages } from './define.js';
import { languageFromLangCode, type Language } from '../enums.js';
import type { RetainedKind } from '../gdpr-retention.js';

/** Messages of the GDPR export and erasure of a customer's data (issue 34). */
export const GDPR_MSG = defineMessages('gdpr', {
  reasonRequired: 'Bitte geben Sie den Grund der Löschung an.',
  reasonTooLong: 'Der Grund darf höchstens 500 Zeichen lang sein.',
  jobNotFound: 'Export nicht gefunden.',
  exportNotReady: 'Der Export ist noch nicht fertig.',
  exportExpired: 'Der Download ist abgelaufen. Bitte starten Sie einen neuen Export.',
});

/**
 * The areas of an export, one JSON file each: the customer record, its accounts and their sessions,
 * its branches, and every kind of the customer's timeline (schemas/customer-timeline.ts).
 */
export const GDPR_EXPORT_AREAS = [
  'customer',
  'accounts',
  'sessions',
  'branches',
  'tasks',
  'task_activity',
  'ratings',
  'mails',
  'documents',
  'insolvency_cases',
  'insolvency_activity',
  'rksv_orders',
  'rksv_order_activity',
  'rksv_cards',
  'invoices',
  'signage_devices',
  'signage_schedules',
  'cashbook',
] as const;
export type GdprExportArea = (typeof GDPR_EXPORT_AREAS)[number];

/** The PDF summary's name in the archive, beside `<area>.json`. */
export const GDPR_SUMMARY_FILE = 'summary.pdf';

/** The readable summary in the archive (pdfkit through the server's bidi writer: Arabic right to left). */
export interface GdprSummaryTexts {
  title: string;
  subtitle: string;
  customerNumber: string;
  generated: string;
  masterData: string;
  fields: { contact: string; email: string; phone: string; address: string; uid: string };
  accounts: string;
  /** `{{name}}`, `{{email}}`, `{{since}}`, `{{sessions}}`. */
  account: string;
  noAccounts: string;
  contents: string;
  area: string;
  entries: string;
  file: string;
  areas: Record<GdprExportArea, string>;
  retention: string;
  retentionText: string;
  /** `{{kind}}`, `{{year}}`, `{{until}}`: "Rechnungen 2026: aufzubewahren bis 31.12.2033". */
  retained: string;
  retainedKinds: Record<RetainedKind, string>;
  noRetained: string;
  dir: 'ltr' | 'rtl';
  lang: Language;
  numberLocale: string;
}

const SUMMARY: Record<Language, GdprSummaryTexts> = {
  de: {
    title: 'Auskunft über Ihre gespeicherten Daten',
    subtitle: 'nach Art. 15 und Art. 20 DSGVO',
    customerNumber: 'Kundennummer {{kundennummer}}',
    generated: 'erstellt am {{at}}',
    masterData: 'Stammdaten',
    fields: { contact: 'Kontaktperson', email: 'E-Mail', phone: 'Telefon', address: 'Adresse', uid: 'UID' },
    accounts: 'Benutzerkonten',
    account: '{{name}} · {{email}} · seit {{since}} · {{sessions}} Anmeldungen',
    noAccounts: 'Keine Benutzerkonten.',
    contents: 'Inhalt dieses Archivs',
    area: 'Bereich',
    entries: 'Einträge',
    file: 'Datei',
    areas: {
      customer: 'Kundendaten',
      accounts: 'Benutzerkonten',
      sessions: 'Anmeldungen',
      branches: 'Filialen',
      tasks: 'Anfragen',
      task_activity: 'Bearbeitung der Anfragen',
      ratings: 'Bewertungen',
      mails: 'E-Mails',
      documents: 'Dokumente',
      insolvency_cases: 'Insolvenzfälle',
      insolvency_activity: 'Bearbeitung der Insolvenzfälle',
      rksv_orders: 'RKSV-Bestellungen',
      rksv_order_activity: 'Bearbeitung der Bestellungen',
      rksv_cards: 'Signaturkarten',
      invoices: 'Rechnungen',
      signage_devices: 'Bildschirme',
      signage_schedules: 'Zeitpläne',
      cashbook: 'Kassenbuch',
    },
    retention: 'Aufbewahrung',
    retentionText:
      'Rechnungen, RKSV-Bestellungen, Kassenbuch-Einträge und Insolvenzakten bewahren wir nach § 132 BAO sieben Jahre nach dem Ende des Kalenderjahres auf, auf das sie sich beziehen. Alles andere löschen wir auf Ihren Antrag.',
    retained: '{{kind}} {{year}}: aufzubewahren bis {{until}}',
    retainedKinds: {
      invoices: 'Rechnungen',
      rksv_orders: 'RKSV-Bestellungen',
      cashbook: 'Kassenbuch-Einträge',
      insolvency: 'Insolvenzakten',
    },
    noRetained: 'Derzeit ist nichts aufzubewahren.',
    dir: 'ltr',
    lang: 'de',
    numberLocale: 'de-AT',
  },
  en: {
    title: 'Information about your stored data',
    subtitle: 'under Art. 15 and Art. 20 GDPR',
    customerNumber: 'Customer number {{kundennummer}}',
    generated: 'created on {{at}}',
    masterData: 'Master data',
    fields: { contact: 'Contact person', email: 'E-mail', phone: 'Phone', address: 'Address', uid: 'VAT number' },
    accounts: 'User accounts',
    account: '{{name}} · {{email}} · since {{since}} · {{sessions}} sign-ins',
    noAccounts: 'No user accounts.',
    contents: 'Contents of this archive',
    area: 'Area',
    entries: 'Entries',
    file: 'File',
    areas: {
      customer: 'Customer data',
      accounts: 'User accounts',
      sessions: 'Sign-ins',
      branches: 'Branches',
      tasks: 'Requests',
      task_activity: 'Handling of the requests',
      ratings: 'Ratings',
      mails: 'E-mails',
      documents: 'Documents',
      insolvency_cases: 'Insolvency cases',
      insolvency_activity: 'Handling of the insolvency cases',
      rksv_orders: 'RKSV orders',
      rksv_order_activity: 'Handling of the orders',
      rksv_cards: 'Signature cards',
      invoices: 'Invoices',
      signage_devices: 'Screens',
      signage_schedules: 'Schedules',
      cashbook: 'Cash book',
    },
    retention: 'Retention',
    retentionText:
      'Under § 132 of the Austrian Federal Fiscal Code (BAO) we keep invoices, RKSV orders, cash book entries and insolvency records for seven years after the end of the calendar year they relate to. Everything else we delete at your request.',
    retained: '{{kind}} {{year}}: to be kept until {{until}}',
    retainedKinds: {
      invoices: 'Invoices',
      rksv_orders: 'RKSV orders',
      cashbook: 'Cash book entries',
      insolvency: 'Insolvency records',
    },
    noRetained: 'Nothing has to be kept at present.',
    dir: 'ltr',
    lang: 'en',
    numberLocale: 'en-GB',
  },
  fr: {
    title: 'Informations sur vos données enregistrées',
    subtitle: 'selon les art. 15 et 20 du RGPD',
    customerNumber: 'Numéro client {{kundennummer}}',
    generated: 'établi le {{at}}',
    masterData: 'Données de base',
    fields: {
      contact: 'Personne de contact',
      email: 'E-mail',
      phone: 'Téléphone',
      address: 'Adresse',
      uid: 'Numéro de TVA',
    },
    accounts: 'Comptes utilisateur',
    account: '{{name}} · {{email}} · depuis le {{since}} · {{sessions}} connexions',
    noAccounts: 'Aucun compte utilisateur.',
    contents: 'Contenu de cette archive',
    area: 'Domaine',
    entries: 'Entrées',
    file: 'Fichier',
    areas: {
      customer: 'Données client',
      accounts: 'Comptes utilisateur',
      sessions: 'Connexions',
      branches: 'Établissements',
      tasks: 'Demandes',
      task_activity: 'Traitement des demandes',
      ratings: 'Évaluations',
      mails: 'E-mails',
      documents: 'Documents',
      insolvency_cases: 'Procédures d’insolvabilité',
      insolvency_activity: 'Traitement des procédures d’insolvabilité',
      rksv_orders: 'Commandes RKSV',
      rksv_order_activity: 'Traitement des commandes',
      rksv_cards: 'Cartes de signature',
      invoices: 'Factures',
      signage_devices: 'Écrans',
      signage_schedules: 'Plannings',
      cashbook: 'Livre de caisse',
    },
    retention: 'Conservation',
    retentionText:
      'Conformément au § 132 du code fiscal autrichien (BAO), nous conservons les factures, les commandes RKSV, les écritures du livre de caisse et les dossiers d’insolvabilité pendant sept ans après la fin de l’année civile à laquelle ils se rapportent. Tout le reste est supprimé à votre demande.',
    retained: '{{kind}} {{year}} : à conserver jusqu’au {{until}}',
    retainedKinds: {
      invoices: 'Factures',
      rksv_orders: 'Commandes RKSV',
      cashbook: 'Écritures du livre de caisse',
      insolvency: 'Dossiers d’insolvabilité',
    },
    noRetained: 'Rien n’est à conserver pour le moment.',
    dir: 'ltr',
    lang: 'fr',
    numberLocale: 'fr-FR',
  },
  ar: {
    title: 'معلومات عن بياناتك المحفوظة',
    subtitle: 'وفقًا للمادتين 15 و20 من اللائحة العامة لحماية البيانات',
    customerNumber: 'رقم العميل {{kundennummer}}',
    generated: 'أُنشئ في {{at}}',
    masterData: 'البيانات الأساسية',
    fields: {
      contact: 'جهة الاتصال',
      email: 'البريد الإلكتروني',
      phone: 'الهاتف',
      address: 'العنوان',
      uid: 'الرقم الضريبي',
    },
    accounts: 'حسابات المستخدمين',
    account: '{{name}} · {{email}} · منذ {{since}} · {{sessions}} تسجيلات دخول',
    noAccounts: 'لا توجد حسابات مستخدمين.',
    contents: 'محتوى هذا الأرشيف',
    area: 'المجال',
    entries: 'السجلات',
    file: 'الملف',
    areas: {
      customer: 'بيانات العميل',
      accounts: 'حسابات المستخدمين',
      sessions: 'تسجيلات الدخول',
      branches: 'الفروع',
      tasks: 'الطلبات',
      task_activity: 'معالجة الطلبات',
      ratings: 'التقييمات',
      mails: 'رسائل البريد الإلكتروني',
      documents: 'المستندات',
      insolvency_cases: 'حالات الإعسار',
      insolvency_activity: 'معالجة حالات الإعسار',
      rksv_orders: 'طلبات RKSV',
      rksv_order_activity: 'معالجة الطلبات',
      rksv_cards: 'بطاقات التوقيع',
      invoices: 'الفواتير',
      signage_devices: 'الشاشات',
      signage_schedules: 'الجداول الزمنية',
      cashbook: 'دفتر الصندوق',
    },
    retention: 'مدة الحفظ',
    retentionText:
      'وفقًا للمادة 132 من قانون الضرائب النمساوي (BAO) نحتفظ بالفواتير وطلبات RKSV وقيود دفتر الصندوق وملفات الإعسار لمدة سبع سنوات بعد نهاية السنة الميلادية التي تتعلق بها. أما كل ما عدا ذلك فنحذفه بناءً على طلبك.',
    retained: '{{kind}} {{year}}: يُحفظ حتى {{until}}',
    retainedKinds: {
      invoices: 'الفواتير',
      rksv_orders: 'طلبات RKSV',
      cashbook: 'قيود دفتر الصندوق',
      insolvency: 'ملفات الإعسار',
    },
    noRetained: 'لا يوجد حاليًا ما يجب حفظه.',
    dir: 'rtl',
    lang: 'ar',
    numberLocale: 'ar-EG-u-nu-latn',
  },
};

/** The summary's texts in a language (`ar`, `de_DE`; unknown: German). */
export function gdprSummaryTexts(lang: string | null | undefined): GdprSummaryTexts {
  return SUMMARY[languageFromLangCode(lang)];
}

/** The mail that an export is ready, in the requester's language. */
export interface GdprMailTexts {
  subject: string;
  /** `{{name}}` */
  greeting: string;
  /** `{{firma}}`, `{{kundennummer}}`, `{{until}}`, `{{link}}` */
  body: readonly string[];
  closing: string;
}

export const GDPR_MAIL_TEXTS: Record<Language, GdprMailTexts> = {
  de: {
    subject: 'Ihr Datenexport ist fertig',
    greeting: 'Guten Tag {{name}},',
    body: [
      'der Export der Daten von {{firma}} (Kundennummer {{kundennummer}}) ist fertig: ein ZIP-Archiv mit einer JSON-Datei je Bereich und einer Zusammenfassung als PDF.',
      'Sie können ihn bis {{until}} nach der Anmeldung hier herunterladen: {{link}}',
    ],
    closing: 'Mit freundlichen Grüßen',
  },
  en: {
    subject: 'Your data export is ready',
    greeting: 'Hello {{name}},',
    body: [
      'the export of the data of {{firma}} (customer number {{kundennummer}}) is ready: a ZIP archive with one JSON file per area and a summary as PDF.',
      'You can download it after signing in until {{until}} here: {{link}}',
    ],
    closing: 'Kind regards',
  },
  fr: {
    subject: 'Votre export de données est prêt',
    greeting: 'Bonjour {{name}},',
    body: [
      'l’export des données de {{firma}} (numéro client {{kundennummer}}) est prêt : une archive ZIP avec un fichier JSON par domaine et un résumé en PDF.',
      'Vous pouvez le télécharger après connexion jusqu’au {{until}} ici : {{link}}',
    ],
    closing: 'Cordialement',
  },
  ar: {
    subject: 'تصدير بياناتك جاهز',
    greeting: 'مرحبًا {{name}}،',
    body: [
      'تصدير بيانات {{firma}} (رقم العميل {{kundennummer}}) جاهز: أرشيف ZIP يحتوي على ملف JSON لكل مجال وملخص بصيغة PDF.',
      'يمكنك تنزيله بعد تسجيل الدخول حتى {{until}} من هنا: {{link}}',
    ],
    closing: 'مع أطيب التحيات',
  },
};
