import { COUNTRY, FLAGS } from '@portal/shared';
import type { DemoAccount } from './demo.js';

/** One demo account as printed at start: what a newcomer needs to sign in and what the account may do. */
export interface DemoAccountRow {
  rolle: string;
  email: string;
  passwort: string;
  land: string;
  rechte: string;
}

const COUNTRY_CODE = Object.fromEntries(Object.entries(COUNTRY).map(([code, id]) => [id, code])) as Record<
  number,
  string
>;

export function demoAccountRows(accounts: readonly DemoAccount[]): DemoAccountRow[] {
  return accounts.map((a) => ({
    rolle: a.role,
    email: a.email,
    passwort: a.password,
    land: COUNTRY_CODE[a.country] ?? String(a.country),
    rechte:
      a.flags.length === FLAGS.length
        ? 'alle'
        : a.flags.length
          ? a.flags.join(', ')
          : a.kundennummer
            ? `Kunde ${a.kundennummer}`
            : '–',
  }));
}

const HEADINGS: Record<keyof DemoAccountRow, string> = {
  rolle: 'Rolle',
  email: 'E-Mail',
  passwort: 'Passwort',
  land: 'Land',
  rechte: 'Rechte',
};

/** The demo accounts as a plain-text table for a terminal (a heading line, a rule, one line per account). */
export function demoAccountsTable(accounts: readonly DemoAccount[]): string {
  const rows = demoAccountRows(accounts);
  const keys = Object.keys(HEADINGS) as (keyof DemoAccountRow)[];
  const width = Object.fromEntries(keys.map((k) => [k, Math.max(HEADINGS[k].length, ...rows.map((r) => r[k].length))]));
  const line = (cells: Record<keyof DemoAccountRow, string>) =>
    keys
      .map((k) => cells[k].padEnd(width[k]!))
      .join('  ')
      .trimEnd();
  const rule = keys.map((k) => '─'.repeat(width[k]!)).join('  ');
  return [line(HEADINGS), rule, ...rows.map(line)].map((l) => `  ${l}`).join('\n');
}
