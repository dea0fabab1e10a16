import { businessRecordsCalls } from '@portal/shared/contracts';
import { downloadCall } from '../../../lib/calls';

/** One of the caller's documents, saved under its listed name (`downloadBusinessDocument`). */
export const downloadDocument = (id: string, name: string) =>
  downloadCall(businessRecordsCalls.downloadBusinessDocument, { id }, name);
