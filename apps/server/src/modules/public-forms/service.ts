import {
  COUNTRY,
  PUBLIC_FORM_REPLY,
  fillText,
  formatAnswerTime,
  isOpenAt,
  CLASSIC_DUE_DAYS,
  EMERGENCY_DUE_HOURS,
  EMERGENCY_PRICE_CENTS_PER_HOUR,
  OPENING_HOURS,
  TASK_TYPE,
  formatDate,
  formatDateTime,
  nthWorkingDayAfter,
  toDateKey,
  toVienna,
  viennaTimeToInstant,
  viennaToday,
  type CompanySwitchRequest,
  type DepRequest,
  type MenuChangeRequest,
  type SupportRequest,
} from '@portal/shared';
import { letter } from '../../platform/mail-letter.js';
import type { StagedFile } from '../../platform/uploads.js';
import { now } from '../../platform/service.js';
import { loadServiceCalendar, loadSlaPolicies, policyFor, slaColumns } from '../service-levels/index.js';
import { createTaskFromRequest, type FilesCtx } from '../tasks/index.js';

/**
 * DEP exports and company switches have no deadline in the spec. They get three working days, the
 * lead time the spec asks for menu changes: a DEP export is a routine job for the back office, and a
 * company switch needs the new company's data in the till before its first day of business.
 */
export const DEP_SWITCH_WORKING_DAYS = 3;

const MONTHS = [
  'Jänner',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];
const monthLabel = (month: number, year: number) => `${MONTHS[month - 1] ?? month} ${year}`;
const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} EUR`;
const hours = (day: number) => `${OPENING_HOURS[day]!.from}–${OPENING_HOURS[day]!.to}`;

/** The same wall-clock time in Vienna, `n` working days later. */
export function dueInWorkingDays(now: Date, n: number): Date {
  const v = toVienna(now);
  const day = nthWorkingDayAfter(viennaToday(now), n);
  return viennaTimeToInstant(toDateKey(day), v.getHours(), v.getMinutes());
}

/*
 * Where a request's text goes (every form requires the terms, so only the emergency's accepted
 * price is worth a line): the customer's own words open the task's description (the board's
 * card shows its first 200 characters), followed by the facts of the form that have no field of
 * their own. The contact block goes to the task's customer fields (details tab) and nowhere else,
 * the attachments to the files tab; no message repeats the text, and the confirmation mail (the
 * conversation entry) carries the reference and what happens next, not the request again.
 */

/** "Label: value" lines for the fields that have a value. */
function lines(entries: [string, string | undefined | null][]): string {
  return entries
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
}

/** The venue and contact block the DEP, menu-change and support forms share (web: ContactFields). */
type VenueContact = Pick<SupportRequest, 'kundennummer' | 'lokalname' | 'name' | 'plz' | 'telefonnummer' | 'email'>;

/** The task's customer fields from that block; `firma` is the venue unless the form asks for the company. */
const contactTask = (r: VenueContact, firma: string = r.lokalname) => ({
  kundennummer: r.kundennummer,
  firma,
  kontaktperson: r.name,
  plz: r.plz,
  email: r.email,
  telefon_firma: r.telefonnummer,
});

const title = (s: string) => (s.length > 200 ? `${s.slice(0, 199)}…` : s);

/** The customer's words, then the facts: paragraphs separated by a blank line, empty ones left out. */
const text = (...paragraphs: (string | undefined)[]) => paragraphs.filter((p) => p && p.trim()).join('\n\n');

/** The confirmation to the requester; {id} becomes the reference number (the task id). */
function confirmation(to: string, name: string, kind: string, note: string) {
  return {
    to,
    subject: `Ihre ${kind} – Referenznummer {id}`,
    text: letter(
      `Guten Tag ${name},`,
      [
        `vielen Dank für Ihre ${kind}. Wir haben sie unter der Referenznummer {id} erfasst. Bitte geben Sie diese Nummer bei Rückfragen an.`,
        note,
      ],
      'Ihr Service-Team',
    ),
  };
}

export interface Submitted {
  taskId: number;
  mailId: number | null;
  /** The task's response deadline (its SLA column), what the answer's `due_at` says. */
  responseDueAt: Date;
  /** The request came while support was closed (a policy on the business clock only). */
  outsideHours: boolean;
}

/** Public requests land on the Austrian board (tasks/from-request.ts), so its calendar words the answer time. */
const FORM_COUNTRY = COUNTRY.AT;

/**
 * When the requester can expect an answer (issue 31): the response deadline the task will get (the same
 * rule createTaskFromRequest stores, from the same instant), and whether the request came outside the
 * service hours; with the sentence the confirmation mail adds (the web words the same in its language).
 */
async function answerTime(ctx: FilesCtx, task: { typ: number; frist: Date }, at: Date) {
  const [cal, policies] = await Promise.all([loadServiceCalendar(ctx.db, FORM_COUNTRY), loadSlaPolicies(ctx.db)]);
  const policy = policyFor(policies, task.typ);
  const due = slaColumns(cal, policy, {
    created_at: at,
    frist: task.frist,
    responded_at: null,
    paused_at: null,
    paused_minutes: 0,
    status: 'offen',
  }).sla_response_due_at;
  const outsideHours = policy.clock === 'business' && !isOpenAt(cal, at);
  const sentence = fillText(PUBLIC_FORM_REPLY.answerBy.de, { when: formatAnswerTime(due, 'de-AT', at) });
  return { outsideHours, note: outsideHours ? `${PUBLIC_FORM_REPLY.outsideHours.de} ${sentence}` : sentence };
}

/** The task created, with what the requester is told about the answer time. */
async function create(
  ctx: FilesCtx,
  request: Parameters<typeof createTaskFromRequest>[1],
  reply: { outsideHours: boolean },
): Promise<Submitted> {
  const created = await createTaskFromRequest(ctx, request);
  return { ...created, outsideHours: reply.outsideHours };
}

/** A public form's request with its files (deadlines count from `now(ctx)`). */
type FormInput<R> = R & { files: StagedFile[] };

/** Each form becomes a task on the Austrian board (public calls: no viewer). */
export async function submitDep(ctx: FilesCtx, input: DepRequest): Promise<Submitted> {
  const r = input;
  const at = now(ctx);
  const period = `${monthLabel(r.startMonth, r.startYear)} bis ${monthLabel(r.endMonth, r.endYear)}`;
  // The firm is the task's company; the venue has no field of its own.
  const beschreibung = text(
    r.description,
    lines([
      ['Zeitraum', period],
      ['Lokalname', r.lokalname],
    ]),
  );
  const frist = dueInWorkingDays(at, DEP_SWITCH_WORKING_DAYS);
  const reply = await answerTime(ctx, { typ: TASK_TYPE.dep, frist }, at);
  return create(
    ctx,
    {
      task: {
        typ: TASK_TYPE.dep,
        titel: title(`DEP Export: ${r.lokalname} (${period})`),
        beschreibung,
        frist,
        ...contactTask(r, r.firmenname),
        confirmation: confirmation(
          r.email,
          r.name,
          'DEP Anfrage',
          `Wir stellen Ihnen den Export für den Zeitraum ${period} innerhalb von ${DEP_SWITCH_WORKING_DAYS} Werktagen bereit. ${reply.note}`,
        ),
      },
      files: [],
    },
    reply,
  );
}

export async function submitMenuChange(ctx: FilesCtx, input: FormInput<MenuChangeRequest>): Promise<Submitted> {
  const { files, ...r } = input;
  // The change must be live on the chosen day: the deadline is the start of that day, Vienna time.
  const frist = viennaTimeToInstant(r.frist, 0, 0);
  const beschreibung = text(r.comment, lines([['Datum der Änderung', formatDate(frist)]]));
  const reply = await answerTime(ctx, { typ: TASK_TYPE.menu, frist }, now(ctx));
  return create(
    ctx,
    {
      task: {
        typ: TASK_TYPE.menu,
        titel: title(`Menüänderung: ${r.lokalname}`),
        beschreibung,
        frist,
        ...contactTask(r),
        confirmation: confirmation(
          r.email,
          r.name,
          'Menüänderung',
          `Die Änderung ist für den ${formatDate(frist)} eingeplant. ${reply.note}`,
        ),
      },
      files,
    },
    reply,
  );
}

export async function submitCompanySwitch(ctx: FilesCtx, input: FormInput<CompanySwitchRequest>): Promise<Submitted> {
  const { files, ...r } = input;
  const at = now(ctx);
  // The current company is the task's customer (its fields); the new one has no fields: it is in the text.
  const beschreibung = text(
    r.additionalInfo,
    lines([
      ['Grund des Wechsels', r.switchReason],
      ['Lokalname (aktuell)', r.oldLocalName],
    ]),
    `Neue Firmendaten:\n${lines([
      ['Firmenname', r.newCompanyName],
      ['Lokalname', r.newLocalName],
      ['Kundennummer', r.newCustomerNumber ?? 'noch keine'],
      ['UID/Steuernummer', r.newTaxId],
      ['Adresse', r.newAddress],
      ['Ansprechpartner', r.newContact],
      ['Telefonnummer', r.newPhone],
      ['E-Mail', r.newEmail],
    ])}`,
  );
  // The task is about the venue's current customer record; the new company is in the text.
  // The confirmation goes to the new company: the one taking over is the one asking.
  const frist = dueInWorkingDays(at, DEP_SWITCH_WORKING_DAYS);
  const reply = await answerTime(ctx, { typ: TASK_TYPE.switch, frist }, at);
  return create(
    ctx,
    {
      task: {
        typ: TASK_TYPE.switch,
        titel: title(`Firmenwechsel: ${r.oldLocalName} → ${r.newCompanyName}`),
        beschreibung,
        frist,
        kundennummer: r.oldCustomerNumber,
        firma: r.oldCompanyName,
        kontaktperson: r.oldContact,
        adresse: r.oldAddress,
        email: r.oldEmail,
        telefon_firma: r.oldPhone,
        uid: r.oldTaxId,
        confirmation: confirmation(
          r.newEmail,
          r.newContact,
          'Firmenübernahme-Anfrage',
          `Wir prüfen die Unterlagen und melden uns zur Abstimmung der Übergabe bei Ihnen. ${reply.note}`,
        ),
      },
      files,
    },
    reply,
  );
}

export async function submitSupport(
  ctx: FilesCtx,
  input: FormInput<SupportRequest> & { kind: 'emergency' | 'classic' },
): Promise<Submitted> {
  const { kind, files, ...r } = input;
  const at = now(ctx);
  const emergency = kind === 'emergency';
  const frist = emergency
    ? new Date(at.getTime() + EMERGENCY_DUE_HOURS * 3600_000)
    : new Date(at.getTime() + CLASSIC_DUE_DAYS * 86400_000);
  const beschreibung = text(
    r.description,
    emergency
      ? `AGB und Kosten akzeptiert: ja (${euros(EMERGENCY_PRICE_CENTS_PER_HOUR)} pro angefangener Stunde exkl. USt.)`
      : undefined,
  );
  const note = emergency
    ? `Wir melden uns so rasch wie möglich, spätestens bis ${formatDateTime(frist)}. Der Emergency Support wird mit ${euros(EMERGENCY_PRICE_CENTS_PER_HOUR)} pro angefangener Stunde exkl. USt. verrechnet.`
    : `Wir bearbeiten Ihre Anfrage während unserer Öffnungszeiten (Montag–Donnerstag ${hours(1)}, Freitag ${hours(5)}) oder am nächsten Werktag.`;
  const typ = emergency ? TASK_TYPE.emergency : TASK_TYPE.support;
  const reply = await answerTime(ctx, { typ, frist }, at);
  return create(
    ctx,
    {
      task: {
        typ,
        titel: title(`${emergency ? 'Emergency Support' : 'Support'}: ${r.lokalname}`),
        beschreibung,
        frist,
        ...contactTask(r),
        confirmation: confirmation(
          r.email,
          r.name,
          emergency ? 'Emergency Support Anfrage' : 'Support-Anfrage',
          `${note} ${reply.note}`,
        ),
      },
      files,
    },
    reply,
  );
}
