import { Readable } from 'node:stream';
import {
  cashbookDescriptionDe,
  centsToDecimalComma,
  formatCashbookDateTime,
  type CashbookTransaction,
  type PeriodQuery,
} from '@portal/shared';
import type { ServiceCtx, Viewer } from '../../platform/service.js';
import { csvField, csvHeader } from '../../platform/csv.js';
import { countryOf } from './common.js';
import { entriesBySeq } from './queries.js';

/** Rows per query while the file streams out. */
const BATCH = 1000;

const HEADER = [
  'Nr',
  'Datum',
  'Typ',
  'Kategorie',
  'Beschreibung',
  'Rechnungsnummer',
  'Kunde',
  'Betrag',
  'Benutzer',
  'Hash',
  'Storno zu Nr',
];
const TYPE_LABEL = { income: 'Einnahme', expense: 'Ausgabe' } as const;

function line(e: CashbookTransaction): string {
  return [
    csvField(String(e.seq), false),
    csvField(formatCashbookDateTime(e.transaction_date), false),
    csvField(TYPE_LABEL[e.type]),
    csvField(e.category_name),
    csvField(cashbookDescriptionDe(e)),
    csvField(e.invoice_number ?? ''),
    csvField(e.customer_name ?? ''),
    csvField(centsToDecimalComma(e.amount), false),
    csvField(e.agent_name ?? ''),
    csvField(e.hash, false),
    csvField(e.reverses_seq === null ? '' : String(e.reverses_seq), false),
  ].join(';');
}

/**
 * The entries of a period as CSV for Excel and the tax advisor: semicolons, decimal comma, UTF-8
 * with BOM, CRLF, in chain order (seq). Streamed a page at a time.
 */
export function exportCsv(ctx: ServiceCtx, viewer: Viewer, input: PeriodQuery): Readable {
  const countryId = countryOf(viewer);
  async function* lines() {
    yield csvHeader(HEADER);
    let after = 0;
    for (;;) {
      const batch = await entriesBySeq(ctx.db, { countryId, ...input }, after, BATCH);
      if (!batch.length) return;
      yield batch.map((e) => `${line(e)}\r\n`).join('');
      after = batch[batch.length - 1]!.seq;
      if (batch.length < BATCH) return;
    }
  }
  return Readable.from(lines());
}
