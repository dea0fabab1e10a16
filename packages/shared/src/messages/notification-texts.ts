import { languageFromLangCode, type Language } from '../enums.js';

/**
 * Notifications are stored as a kind and its values (`notifications.params`) and said in each
 * reader's language: in the bar (the web), and in the mail (the recipient's language setting).
 * The texts live here, not in the web's locale files, because the server writes the mails too.
 * `title` and `message` of a row keep the German wording (the API contract of the spec).
 */
export const NOTIFICATION_KINDS = [
  'assigned',
  'files',
  'note',
  'handedOver',
  'help',
  'audit',
  'request',
  'overdue',
  'rksvOutage',
  'rksvDeadline',
  'rksvDeadlines',
  'slaWarning',
  'slaBreached',
  'deviceOffline',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The values a notification's text names: the task, who did it, its title, a count, a comment. */
export interface NotificationParams {
  kind: NotificationKind;
  id: number;
  name?: string;
  titel?: string;
  files?: number;
  comment?: string;
  /** Minutes left before a service-level deadline (`slaWarning`: 60 or 15). */
  minutes?: number;
  /** `rksvDeadlines`: how many cards the digest names. */
  count?: number;
  /** `rksvDeadlines`: the deadline's kind (`registration`, `jahresbeleg`, …), named in the reader's language. */
  deadline?: string;
}

interface Text {
  title: string;
  message: string;
}

export const NOTIFICATION_TEXTS: Record<Language, Record<NotificationKind, Text>> = {
  de: {
    assigned: {
      title: 'Neue Aufgabe zugewiesen',
      message: '{{name}} hat Ihnen die Aufgabe #{{id}} „{{titel}}“ zugewiesen.',
    },
    files: { title: 'Neue Dateien', message: '{{name}} hat {{files}} Datei(en) zu Aufgabe #{{id}} hochgeladen.' },
    note: { title: 'Neue Notiz', message: '{{name}} hat eine Notiz zu Aufgabe #{{id}} hinzugefügt.' },
    handedOver: {
      title: 'Aufgabe übergeben',
      message: '{{name}} hat Ihnen die Aufgabe #{{id}} „{{titel}}“ übergeben.',
    },
    help: { title: 'Hilfe angefragt', message: '{{name}} bittet Sie um Hilfe bei Aufgabe #{{id}}: {{comment}}' },
    audit: {
      title: 'Audit eingereicht',
      message: '{{name}} hat das Audit zu Aufgabe #{{id}} eingereicht; die Aufgabe ist abgeschlossen.',
    },
    request: { title: 'Neue Anfrage', message: 'Neue Anfrage #{{id}}: {{titel}}' },
    overdue: { title: 'Aufgabe überfällig', message: 'Die Frist der Aufgabe #{{id}} „{{titel}}“ ist abgelaufen.' },
    slaWarning: {
      title: 'Service-Level-Frist naht',
      message: 'Bei Aufgabe #{{id}} „{{titel}}“ bleiben noch {{minutes}} Minuten bis zur Service-Level-Frist.',
    },
    slaBreached: {
      title: 'Service-Level-Frist überschritten',
      message: 'Die Service-Level-Frist der Aufgabe #{{id}} „{{titel}}“ ist überschritten.',
    },
    rksvDeadline: {
      title: 'RKSV-Frist naht',
      message: 'Eine gesetzliche Frist der Signaturkarte #{{id}} von „{{titel}}“ endet am {{comment}}.',
    },
    rksvDeadlines: {
      title: 'RKSV-Fristen nahen',
      message: 'Bei {{count}} Signaturkarten endet die Frist „{{deadline}}“ am {{comment}}.',
    },
    deviceOffline: {
      title: 'Bildschirm offline',
      message:
        'Der Bildschirm #{{id}} „{{titel}}“ meldet sich seit {{comment}} nicht mehr, obwohl er jetzt Inhalte zeigen sollte.',
    },
    rksvOutage: {
      title: 'RKSV-Ausfall über 48 Stunden',
      message:
        'Der Ausfall einer Signaturkarte der Bestellung #{{id}} „{{titel}}“ dauert über 48 Stunden: Meldung an das Finanzamt bis {{comment}} (§ 17 RKSV).',
    },
  },
  en: {
    assigned: { title: 'New task assigned', message: '{{name}} assigned task #{{id}} “{{titel}}” to you.' },
    files: { title: 'New files', message: '{{name}} uploaded {{files}} file(s) to task #{{id}}.' },
    note: { title: 'New note', message: '{{name}} added a note to task #{{id}}.' },
    handedOver: { title: 'Task handed over', message: '{{name}} handed task #{{id}} “{{titel}}” over to you.' },
    help: { title: 'Help requested', message: '{{name}} asks for your help with task #{{id}}: {{comment}}' },
    audit: { title: 'Audit submitted', message: '{{name}} submitted the audit of task #{{id}}; the task is closed.' },
    request: { title: 'New request', message: 'New request #{{id}}: {{titel}}' },
    overdue: { title: 'Task overdue', message: 'The due date of task #{{id}} “{{titel}}” has passed.' },
    slaWarning: {
      title: 'Service level deadline approaching',
      message: 'Task #{{id}} “{{titel}}” has {{minutes}} minutes left before its service level deadline.',
    },
    slaBreached: {
      title: 'Service level deadline missed',
      message: 'The service level deadline of task #{{id}} “{{titel}}” has passed.',
    },
    rksvDeadline: {
      title: 'RKSV deadline approaching',
      message: 'A legal deadline of signature card #{{id}} of “{{titel}}” ends on {{comment}}.',
    },
    rksvDeadlines: {
      title: 'RKSV deadlines approaching',
      message: 'The “{{deadline}}” deadline of {{count}} signature cards ends on {{comment}}.',
    },
    deviceOffline: {
      title: 'Screen offline',
      message:
        'Screen #{{id}} “{{titel}}” has not reported since {{comment}}, although it should be showing content now.',
    },
    rksvOutage: {
      title: 'RKSV outage over 48 hours',
      message:
        'A signature card of order #{{id}} “{{titel}}” has been out for over 48 hours: report it to the tax office by {{comment}} (§ 17 RKSV).',
    },
  },
  fr: {
    assigned: {
      title: 'Nouvelle tâche attribuée',
      message: '{{name}} vous a attribué la tâche n° {{id}} « {{titel}} ».',
    },
    files: { title: 'Nouveaux fichiers', message: '{{name}} a ajouté {{files}} fichier(s) à la tâche n° {{id}}.' },
    note: { title: 'Nouvelle note', message: '{{name}} a ajouté une note à la tâche n° {{id}}.' },
    handedOver: { title: 'Tâche transférée', message: '{{name}} vous a transféré la tâche n° {{id}} « {{titel}} ».' },
    help: { title: 'Aide demandée', message: '{{name}} vous demande de l’aide pour la tâche n° {{id}} : {{comment}}' },
    audit: {
      title: 'Audit soumis',
      message: '{{name}} a soumis l’audit de la tâche n° {{id}} ; la tâche est clôturée.',
    },
    request: { title: 'Nouvelle demande', message: 'Nouvelle demande n° {{id}} : {{titel}}' },
    overdue: { title: 'Tâche en retard', message: 'L’échéance de la tâche n° {{id}} « {{titel}} » est dépassée.' },
    slaWarning: {
      title: 'Échéance de niveau de service proche',
      message:
        'Il reste {{minutes}} minutes avant l’échéance de niveau de service de la tâche n° {{id}} « {{titel}} ».',
    },
    slaBreached: {
      title: 'Échéance de niveau de service dépassée',
      message: 'L’échéance de niveau de service de la tâche n° {{id}} « {{titel}} » est dépassée.',
    },
    rksvDeadline: {
      title: 'Échéance RKSV proche',
      message: 'Une échéance légale de la carte de signature n° {{id}} de « {{titel}} » arrive à terme le {{comment}}.',
    },
    rksvDeadlines: {
      title: 'Échéances RKSV proches',
      message: 'L’échéance « {{deadline}} » de {{count}} cartes de signature arrive à terme le {{comment}}.',
    },
    deviceOffline: {
      title: 'Écran hors ligne',
      message:
        'L’écran n° {{id}} « {{titel}} » ne s’est plus manifesté depuis le {{comment}}, alors qu’il devrait afficher du contenu maintenant.',
    },
    rksvOutage: {
      title: 'Panne RKSV de plus de 48 heures',
      message:
        'Une carte de signature de la commande n° {{id}} « {{titel}} » est en panne depuis plus de 48 heures : à déclarer au fisc avant le {{comment}} (§ 17 RKSV).',
    },
  },
  ar: {
    assigned: { title: 'تم تعيين مهمة جديدة', message: 'قام {{name}} بتعيين المهمة #{{id}} «{{titel}}» لك.' },
    files: { title: 'ملفات جديدة', message: 'قام {{name}} برفع {{files}} ملف/ملفات إلى المهمة #{{id}}.' },
    note: { title: 'ملاحظة جديدة', message: 'أضاف {{name}} ملاحظة إلى المهمة #{{id}}.' },
    handedOver: { title: 'تم تسليم المهمة', message: 'قام {{name}} بتسليمك المهمة #{{id}} «{{titel}}».' },
    help: { title: 'طلب مساعدة', message: 'يطلب {{name}} مساعدتك في المهمة #{{id}}: {{comment}}' },
    audit: { title: 'تم تقديم التدقيق', message: 'قدّم {{name}} تدقيق المهمة #{{id}}؛ المهمة مغلقة.' },
    request: { title: 'طلب جديد', message: 'طلب جديد #{{id}}: {{titel}}' },
    overdue: { title: 'المهمة متأخرة', message: 'انتهى الموعد النهائي للمهمة #{{id}} «{{titel}}».' },
    slaWarning: {
      title: 'اقتراب موعد مستوى الخدمة',
      message: 'تبقّى {{minutes}} دقيقة على موعد مستوى الخدمة للمهمة #{{id}} «{{titel}}».',
    },
    slaBreached: {
      title: 'تم تجاوز موعد مستوى الخدمة',
      message: 'تم تجاوز موعد مستوى الخدمة للمهمة #{{id}} «{{titel}}».',
    },
    rksvDeadline: {
      title: 'اقتراب موعد RKSV',
      message: 'ينتهي موعد قانوني لبطاقة التوقيع #{{id}} الخاصة بـ «{{titel}}» في {{comment}}.',
    },
    rksvDeadlines: {
      title: 'اقتراب مواعيد RKSV',
      message: 'ينتهي موعد «{{deadline}}» لـ {{count}} من بطاقات التوقيع في {{comment}}.',
    },
    deviceOffline: {
      title: 'الشاشة غير متصلة',
      message: 'الشاشة #{{id}} «{{titel}}» لم تتصل منذ {{comment}}، مع أنه يجب أن تعرض محتوى الآن.',
    },
    rksvOutage: {
      title: 'عطل RKSV لأكثر من 48 ساعة',
      message:
        'بطاقة التوقيع للطلب #{{id}} «{{titel}}» معطلة منذ أكثر من 48 ساعة: يجب الإبلاغ لمكتب الضرائب قبل {{comment}} (§ 17 RKSV).',
    },
  },
};

/** The card deadlines' names in a digest (`rksvDeadlines`), by the kinds of the shared card rule. */
export const DEADLINE_NAMES: Record<Language, Record<string, string>> = {
  de: {
    registration: 'FinanzOnline-Registrierung',
    startbeleg: 'Startbeleg',
    jahresbeleg: 'Jahresbeleg',
    outage_report: 'Ausfallsmeldung',
    renewal: 'Erneuerung',
    replacement: 'Ersatz',
  },
  en: {
    registration: 'FinanzOnline registration',
    startbeleg: 'start receipt',
    jahresbeleg: 'annual receipt',
    outage_report: 'outage report',
    renewal: 'renewal',
    replacement: 'replacement',
  },
  fr: {
    registration: 'enregistrement FinanzOnline',
    startbeleg: 'justificatif de démarrage',
    jahresbeleg: 'justificatif annuel',
    outage_report: 'déclaration de panne',
    renewal: 'renouvellement',
    replacement: 'remplacement',
  },
  ar: {
    registration: 'التسجيل في FinanzOnline',
    startbeleg: 'إيصال البدء',
    jahresbeleg: 'الإيصال السنوي',
    outage_report: 'الإبلاغ عن العطل',
    renewal: 'التجديد',
    replacement: 'الاستبدال',
  },
};

/** The lines of a notification mail around its text. */
export const NOTIFICATION_MAIL: Record<Language, { subject: string; open: string; why: string }> = {
  de: {
    subject: 'Service-Portal: {{title}}',
    open: 'Aufgabe öffnen: {{link}}',
    why: 'Sie erhalten diese Mail, weil Sie E-Mail-Updates in Ihren Einstellungen aktiviert haben.',
  },
  en: {
    subject: 'Service Portal: {{title}}',
    open: 'Open the task: {{link}}',
    why: 'You are receiving this e-mail because you turned on e-mail updates in your settings.',
  },
  fr: {
    subject: 'Portail de service : {{title}}',
    open: 'Ouvrir la tâche : {{link}}',
    why: 'Vous recevez cet e-mail parce que vous avez activé les mises à jour par e-mail dans vos paramètres.',
  },
  ar: {
    subject: 'بوابة الخدمة: {{title}}',
    open: 'فتح المهمة: {{link}}',
    why: 'تصلك هذه الرسالة لأنك فعّلت التحديثات عبر البريد الإلكتروني في إعداداتك.',
  },
};

/** `{{name}}` placeholders filled with the values (a value may be wrapped, e.g. isolated for display). */
export function fillText(template: string, values: Record<string, string | number | undefined>): string {
  return template.replace(/{{(\w+)}}/g, (whole, key: string) => {
    const value = values[key];
    return value === undefined ? whole : String(value);
  });
}

/**
 * Title and message of a notification in a language (`en`, `en-US`, `de_DE`; unknown: German); `wrap` marks a person's words (name, title,
 * comment) for display, e.g. isolates them in a right-to-left sentence.
 */
export function notificationText(
  language: string,
  params: NotificationParams,
  wrap: (personsWords: string) => string = (s) => s,
): Text {
  const text = NOTIFICATION_TEXTS[languageFromLangCode(language)][params.kind];
  const values = {
    id: params.id,
    files: params.files,
    minutes: params.minutes,
    count: params.count,
    deadline:
      params.deadline === undefined
        ? undefined
        : (DEADLINE_NAMES[languageFromLangCode(language)][params.deadline] ?? params.deadline),
    name: params.name === undefined ? undefined : wrap(params.name),
    titel: params.titel === undefined ? undefined : wrap(params.titel),
    comment: params.comment === undefined ? undefined : wrap(params.comment),
  };
  return { title: text.title, message: fillText(text.message, values) };
}

/** Whether stored params describe a text this version knows (rows an admin wrote have none). */
export function isNotificationParams(value: unknown): value is NotificationParams {
  const p = value as NotificationParams | null;
  return (
    !!p && typeof p === 'object' && (NOTIFICATION_KINDS as readonly string[]).includes(p.kind) && Number.isInteger(p.id)
  );
}
