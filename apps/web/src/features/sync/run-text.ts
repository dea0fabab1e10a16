import type { TFunction } from 'i18next';
import type { SyncRun } from '@portal/shared';

/**
 * What a finished run says, in the reader's language: the counts of a run that went through, or
 * the cause of a failed one (its catalogue code, translated, with what the server named: a file,
 * an address, a variable). German readers see the server's own wording.
 */
export function runSummary(t: TFunction, run: SyncRun): string {
  if (run.status === 'succeeded') {
    return t('sync.summary', {
      created: run.created,
      updated: run.updated,
      unchanged: run.unchanged,
      failed: run.failed,
      deactivated: run.deactivated,
    });
  }
  if (run.status === 'failed' && run.message_code) {
    const cause = t(run.message_code, { ns: 'validation', defaultValue: run.message ?? '' });
    return run.message_detail ? `${cause} (${run.message_detail})` : cause;
  }
  return run.message ?? '';
}
