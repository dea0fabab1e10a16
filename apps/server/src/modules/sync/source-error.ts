import type { SYNC_MSG } from '@portal/shared';

/**
 * The source itself is bad (missing file, unreachable address, bad header, wrong key, broken
 * format): the run fails with the catalogue text of the cause and what names it (file, address,
 * variable, line). Thrown before the first write, so no customer is touched.
 */
export class SourceError extends Error {
  constructor(
    public readonly key: keyof typeof SYNC_MSG,
    public readonly detail?: string,
  ) {
    super(key);
  }
}

/** One record of a source with its line (CSV: the file's line; JSON: the element's position; Stripe: the customer's position). */
export interface SourceRecord {
  line: number;
  record: unknown;
  /** Stripe sources: the customer's id at Stripe, the key of the record. */
  stripeId?: string;
}
