import { customersCalls } from '@portal/shared/contracts';
import { downloadCall } from '../../../lib/calls';

/** The ZIP of a finished export, saved as datenexport_{kundennummer}_{day}.zip (`downloadGdprExport`). */
export const downloadGdprExport = (jobId: number, name: string) =>
  downloadCall(customersCalls.downloadGdprExport, { jobId }, name);
