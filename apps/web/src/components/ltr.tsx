import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

/*
 * Bidirectional isolation. In the Arabic (right-to-left) interface, German text and numbers typed by
 * people would otherwise take the direction of the page around them: ".Der Kunde…" with the full stop
 * on the wrong side, "+43 680 2286244" shown as "2286244 680 43+".
 */

/**
 * Always left-to-right, isolated from the text around it: phone numbers, e-mail addresses, IBANs,
 * ids, customer numbers, dates and times.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/** A name or short text written by a person, inline: isolated, in the direction of its own first letter. */
export function Bidi({ children }: { children: ReactNode }) {
  return <bdi>{children}</bdi>;
}

/** A block of text written by a person (title, description, note, message): its direction is its own. */
export function UserText({ children, ...props }: TextProps & { children: ReactNode; 'data-testid'?: string }) {
  return (
    <Text dir="auto" {...props}>
      {children}
    </Text>
  );
}

/*
 * The same for a value put into a translated sentence (an i18next parameter), where no element fits:
 * Unicode's isolate marks, which are invisible.
 */
/** A person's words inside a sentence, in their own direction (first strong isolate … pop). */
export const isolate = (text: string) => `\u2068${text}\u2069`;
/** A number, address or id inside a sentence, left-to-right (left-to-right isolate … pop). */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;
