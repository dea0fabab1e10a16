import { customersCalls } from '@portal/shared/contracts';
import { downloadCall } from '../../../lib/calls';

/** The ZIP of the own finished export (`downloadGdprExport`). */
export const downloadOwnExport = (jobId: number, name: string) =>
  downloadCall(customersCalls.downloadGdprExport, { jobId }, name);
