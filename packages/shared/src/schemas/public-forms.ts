import { z } from 'zod';
import { PUBLIC_FORM_MSG, PUBLIC_FORM_REPLY, PUBLIC_FORM_SUCCESS } from '../messages/public-forms.js';
import type { Message } from '../messages/define.js';
import { DEP_FIRST_YEAR, MENU_CHANGE_MIN_WORKING_DAYS } from '../constants.js';
import { trimInvisible } from '../input-hygiene.js';
import { TEXT_LIMITS } from '../text-limits.js';
import { addDays, addYears } from 'date-fns';
import { isWorkingDay } from '../calendar.js';
import { toVienna } from '../vienna-time.js';

// Schemas and rules of the public request forms (DEP, menu change, company switch, support).
// The same schemas validate the web forms and, again, the server calls under /web/.

/** The form field that carries the solved proof-of-work challenge (base64 ALTCHA payload). */
export const ALTCHA_FIELD = 'altcha';
/** A field no person sees or fills (hidden from view and from assistive technology); robots do. */
export const HONEYPOT_FIELD = 'website';

/** Deadlines of the support requests: emergency now + 24 hours, classic now + 3 days. */
export const EMERGENCY_DUE_HOURS = 24;
export const CLASSIC_DUE_DAYS = 3;

export { PUBLIC_FORM_MSG, PUBLIC_FORM_REPLY, PUBLIC_FORM_SUCCESS };

/** The answer of every form call: the success message and the reference number (the task id). */
export const publicFormResponseSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  reference: z.number().int(),
  /** The task's response deadline (issue 31, ISO): the success message says when to expect an answer. */
  due_at: z.string(),
  /** The request came outside the service hours (the message says so). */
  outside_hours: z.boolean(),
});
export type PublicFormResponse = z.infer<typeof publicFormResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/** Optional +43 or 0043, spaces ignored, then at least 4 digits (and at most 20). */
export function isValidPhone(value: string): boolean {
  return /^(?:\+43|0043)?\d{4,20}$/.test(value.replace(/\s+/g, ''));
}

/** An Austrian or German style postal code: 4 or 5 digits. */
export function isValidPlz(value: string): boolean {
  return /^\d{4,5}$/.test(value);
}

/** Digits only (the Kundennummer rule; the web form also ignores other keystrokes). */
export function isDigitsOnly(value: string): boolean {
  return /^\d+$/.test(value);
}

/** yyyy-MM-dd of a date's local parts. */
export function toDateKey(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A yyyy-MM-dd string as a local calendar day; null when it is not a real date. */
export function parseDateKey(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return toDateKey(d) === value.trim() ? d : null;
}

/** Today's calendar day in Vienna (local date parts, midnight). */
export function viennaToday(now: Date): Date {
  const v = toVienna(now);
  return new Date(v.getFullYear(), v.getMonth(), v.getDate());
}

/** The n-th working day after `day` (day itself not counted): Mon + 3 is Thu, Sat + 3 is Wed. */
export function nthWorkingDayAfter(day: Date, n: number): Date {
  let d = new Date(day.getFullYear(), day.getMonth(), day.getDate());
  for (let left = n; left > 0;) {
    d = addDays(d, 1);
    if (isWorkingDay(d)) left--;
  }
  return d;
}

/** The earliest day a menu change may be booked for (yyyy-MM-dd): the 3rd working day after today, Vienna time. */
export function minMenuChangeDate(now: Date = new Date()): string {
  return toDateKey(nthWorkingDayAfter(viennaToday(now), MENU_CHANGE_MIN_WORKING_DAYS));
}

/** The latest day a menu change may be booked for (yyyy-MM-dd): one year after today. */
export function maxMenuChangeDate(now: Date = new Date()): string {
  return toDateKey(addYears(viennaToday(now), 1));
}

/** Why a menu-change date (yyyy-MM-dd) is refused, in German; null when it is allowed. */
export function menuChangeDateError(value: string, now: Date = new Date()): Message | null {
  const day = parseDateKey(value);
  if (!day) return PUBLIC_FORM_MSG.dateInvalid;
  if (!isWorkingDay(day)) return PUBLIC_FORM_MSG.workingDay;
  const key = toDateKey(day);
  if (key < minMenuChangeDate(now)) return PUBLIC_FORM_MSG.leadTime;
  if (key > maxMenuChangeDate(now)) return PUBLIC_FORM_MSG.tooFar;
  return null;
}

/** The instant of a wall-clock time on a calendar day in Vienna (for deadlines stored in UTC). */
export function viennaTimeToInstant(dateKey: string, hours = 0, minutes = 0): Date {
  const day = parseDateKey(dateKey);
  if (!day) throw new RangeError(`not a date: ${dateKey}`);
  const guess = Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes);
  const v = toVienna(new Date(guess));
  const offset = Date.UTC(v.getFullYear(), v.getMonth(), v.getDate(), v.getHours(), v.getMinutes()) - guess;
  return new Date(guess - offset);
}

/** The selectable DEP years: 2017 up to the current year (Vienna time). */
export function depYears(now: Date = new Date()): number[] {
  const last = toVienna(now).getFullYear();
  return Array.from({ length: Math.max(0, last - DEP_FIRST_YEAR + 1) }, (_, i) => DEP_FIRST_YEAR + i);
}

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

// A missing value stops the field's checks (abort): one message per field, on the server and in the
// web form alike (the form resolver keeps the last issue of a field, the server the first).
const text = (required: string, max = 200) =>
  z
    .string({ error: required })
    .overwrite(trimInvisible)
    .min(1, { error: required, abort: true })
    .max(max, PUBLIC_FORM_MSG.tooLong.code);
const kundennummer = (required: string = PUBLIC_FORM_MSG.kundennummerRequired.code) =>
  text(required, 20).regex(/^\d+$/, PUBLIC_FORM_MSG.kundennummerDigits.code);
const phone = (required: string = PUBLIC_FORM_MSG.phoneRequired.code) =>
  text(required, 40).refine(isValidPhone, PUBLIC_FORM_MSG.phoneFormat.code);
const email = (required: string = PUBLIC_FORM_MSG.emailRequired.code) =>
  text(required, 200).pipe(z.email(PUBLIC_FORM_MSG.emailFormat.code));
const plz = () =>
  z
    .string({ error: PUBLIC_FORM_MSG.plzRequired.code })
    .trim()
    .min(1, { error: PUBLIC_FORM_MSG.plzRequired.code, abort: true })
    .regex(/^\d{4,5}$/, PUBLIC_FORM_MSG.plzFormat.code);
/** The terms checkbox: JSON true, or a form field "true", "on" or "1". */
const accepted = (message: string) =>
  z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.literal(true, { error: message }));
const optionalText = (max: number, message: string = PUBLIC_FORM_MSG.tooLong.code) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => v || undefined);

const month = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message, abort: true })
    .min(1, { error: message, abort: true })
    .max(12, message);
const year = (message: string, now: () => Date) =>
  z.coerce
    .number({ error: message })
    .int({ error: message, abort: true })
    .min(1, { error: message, abort: true })
    .refine((y) => y >= DEP_FIRST_YEAR && y <= toVienna(now()).getFullYear(), PUBLIC_FORM_MSG.yearRange.code);

// ---------------------------------------------------------------------------------------------
// The five forms
// ---------------------------------------------------------------------------------------------

/** POST /web/deprequest (JSON): every field required except description; end not before start. */
export function makeDepRequestSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      kundennummer: kundennummer(),
      lokalname: text(PUBLIC_FORM_MSG.lokalnameRequired.code),
      telefonnummer: phone(),
      email: email(),
      name: text(PUBLIC_FORM_MSG.nameRequired.code),
      firmenname: text(PUBLIC_FORM_MSG.firmennameRequired.code),
      plz: plz(),
      description: optionalText(TEXT_LIMITS.publicFormText, PUBLIC_FORM_MSG.remarkMax.code),
      startMonth: month(PUBLIC_FORM_MSG.startMonth.code),
      startYear: year(PUBLIC_FORM_MSG.startYear.code, now),
      endMonth: month(PUBLIC_FORM_MSG.endMonth.code),
      endYear: year(PUBLIC_FORM_MSG.endYear.code, now),
      agb: accepted(PUBLIC_FORM_MSG.agb.code),
    })
    .refine((v) => v.endYear * 12 + v.endMonth >= v.startYear * 12 + v.startMonth, {
      message: PUBLIC_FORM_MSG.endBeforeStart.code,
      path: ['endMonth'],
    });
}
export const depRequestSchema = makeDepRequestSchema();
export type DepRequest = z.output<typeof depRequestSchema>;

/** POST /web/menuechange (multipart, files file0, file1, …): frist a working day ≥ 3 working days ahead. */
export function makeMenuChangeRequestSchema(now: () => Date = () => new Date()) {
  return z.object({
    kundennummer: kundennummer(),
    lokalname: text(PUBLIC_FORM_MSG.lokalnameRequired.code),
    name: text(PUBLIC_FORM_MSG.nameRequired.code),
    plz: plz(),
    telefonnummer: phone(),
    email: email(),
    comment: z
      .string({ error: PUBLIC_FORM_MSG.commentRequired.code })
      .overwrite(trimInvisible)
      .min(1, { error: PUBLIC_FORM_MSG.commentRequired.code, abort: true })
      .max(TEXT_LIMITS.publicFormText, PUBLIC_FORM_MSG.commentMax.code),
    frist: text(PUBLIC_FORM_MSG.dateRequired.code, 10).superRefine((v, ctx) => {
      const error = menuChangeDateError(v, now());
      if (error) ctx.addIssue({ code: 'custom', message: error.code });
    }),
    agb_accepted: accepted(PUBLIC_FORM_MSG.agb.code),
  });
}
export const menuChangeRequestSchema = makeMenuChangeRequestSchema();
export type MenuChangeRequest = z.output<typeof menuChangeRequestSchema>;

/** Reasons offered by the company-switch form (stored in German for the agents). */
export const SWITCH_REASONS = ['Verkauf', 'Verpachtung', 'Änderung der Rechtsform', 'Sonstiges'] as const;

/** POST /web/companyswitch (multipart, files file0, …): the current and the new company. */
export const companySwitchRequestSchema = z.object({
  oldCompanyName: text(PUBLIC_FORM_MSG.old.companyName.code),
  oldLocalName: text(PUBLIC_FORM_MSG.old.localName.code),
  oldCustomerNumber: kundennummer(PUBLIC_FORM_MSG.old.customerNumber.code),
  oldTaxId: text(PUBLIC_FORM_MSG.old.taxId.code, 50),
  oldAddress: text(PUBLIC_FORM_MSG.old.address.code, 300),
  oldContact: text(PUBLIC_FORM_MSG.old.contact.code),
  oldPhone: phone(PUBLIC_FORM_MSG.old.phone.code),
  oldEmail: email(PUBLIC_FORM_MSG.old.email.code),
  newCompanyName: text(PUBLIC_FORM_MSG.new.companyName.code),
  newLocalName: text(PUBLIC_FORM_MSG.new.localName.code),
  newCustomerNumber: z
    .string()
    .trim()
    .max(20, PUBLIC_FORM_MSG.tooLong.code)
    .regex(/^\d*$/, PUBLIC_FORM_MSG.kundennummerDigits.code)
    .optional()
    .transform((v) => v || undefined),
  newTaxId: text(PUBLIC_FORM_MSG.new.taxId.code, 50),
  newAddress: text(PUBLIC_FORM_MSG.new.address.code, 300),
  newContact: text(PUBLIC_FORM_MSG.new.contact.code),
  newPhone: phone(PUBLIC_FORM_MSG.new.phone.code),
  newEmail: email(PUBLIC_FORM_MSG.new.email.code),
  switchReason: text(PUBLIC_FORM_MSG.switchReason.code),
  additionalInfo: optionalText(TEXT_LIMITS.publicFormText, PUBLIC_FORM_MSG.additionalInfoMax.code),
  agb: accepted(PUBLIC_FORM_MSG.agb.code),
});
export type CompanySwitchRequest = z.output<typeof companySwitchRequestSchema>;

const supportRequest = (agbMessage: string) =>
  z.object({
    kundennummer: kundennummer(),
    lokalname: text(PUBLIC_FORM_MSG.lokalnameRequired.code),
    telefonnummer: phone(),
    email: email(),
    name: text(PUBLIC_FORM_MSG.nameRequired.code),
    plz: plz(),
    description: z
      .string({ error: PUBLIC_FORM_MSG.descriptionRequired.code })
      .overwrite(trimInvisible)
      .min(1, { error: PUBLIC_FORM_MSG.descriptionRequired.code, abort: true })
      .max(TEXT_LIMITS.description, PUBLIC_FORM_MSG.descriptionMax.code),
    agb: accepted(agbMessage),
  });

/**
 * POST /web/emergency-support and /web/classic-support (multipart, files repeated as `files`).
 * The client may send `frist`; the server ignores it and sets the deadline itself.
 */
export const emergencySupportRequestSchema = supportRequest(PUBLIC_FORM_MSG.agbEmergency.code);
export const classicSupportRequestSchema = supportRequest(PUBLIC_FORM_MSG.agb.code);
export type SupportRequest = z.output<typeof classicSupportRequestSchema>;
