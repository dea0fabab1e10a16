import type { TFunction } from 'i18next';
import { errorMessage } from '../../lib/errors';
import { CashbookDataError } from './api/client';

/**
 * A failed cashbook call in words: an answer that was not JSON or not of the expected shape gets
 * the spec's own sentences; anything else goes through lib/errors (the server's message, else the
 * screen's fallback).
 */
export function cashbookErrorMessage(error: unknown, fallback: string, t: TFunction): string {
  if (error instanceof CashbookDataError)
    return error.kind === 'notJson' ? t('cashbook.errors.notJson') : t('cashbook.errors.shape');
  return errorMessage(error, fallback);
}
