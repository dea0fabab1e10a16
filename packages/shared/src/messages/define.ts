/**
 * One entry of the message catalogue: its code (`<area>.<key>`, the web's translation key under
 * `validation.`) and its German text (the spec's wording, answered as `message`). Code throws,
 * answers and schemas name the entry itself, so nothing ever looks a code up by its German text.
 */
export interface Message {
  readonly code: string;
  readonly de: string;
}

type Entries = { readonly [key: string]: string | Message | Entries };

/** The catalogue of an area: each German text becomes a `Message`; an entry taken over from another area keeps its code. */
export type Defined<T> = {
  readonly [K in keyof T]: T[K] extends string ? Message : T[K] extends Message ? T[K] : Defined<T[K]>;
};

export function isMessage(value: unknown): value is Message {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Message).code === 'string' &&
    typeof (value as Message).de === 'string'
  );
}

/**
 * An area's messages: `defineMessages('cashbook', {amountRequired: 'Betrag ist erforderlich'})` gives
 * `{amountRequired: {code: 'cashbook.amountRequired', de: 'Betrag ist erforderlich'}}`; nested groups
 * get dotted codes (`publicForms.old.email`). Frozen, so an entry is the same object wherever it goes.
 */
export function defineMessages<const T extends Entries>(area: string, entries: T): Defined<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entries)) {
    const code = `${area}.${key}`;
    if (typeof value === 'string') out[key] = Object.freeze({ code, de: value });
    else if (isMessage(value)) out[key] = value;
    else out[key] = defineMessages(code, value);
  }
  return Object.freeze(out) as Defined<T>;
}

/**
 * A success answer's `{message, code}`: the German text the spec names and the code the web
 * translates it by.
 */
export function said(entry: Message): { message: string; code: string } {
  return { message: entry.de, code: entry.code };
}
