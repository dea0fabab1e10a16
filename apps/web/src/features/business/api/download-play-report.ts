import { signagePlayCalls } from '@portal/shared/contracts';
import { downloadCall } from '../../../lib/calls';

/** The month's proof of play of the own screens, saved as Wiedergaben-{YYYY-MM}.pdf (`getBusinessPlayReportPdf`). */
export const downloadBusinessPlayReport = (month: string) =>
  downloadCall(signagePlayCalls.getBusinessPlayReportPdf, { month }, `Wiedergaben-${month}.pdf`);
