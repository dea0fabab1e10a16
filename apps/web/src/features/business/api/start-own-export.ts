import { businessCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** "Meine Daten herunterladen": the customer starts the export of their own data (`startOwnExport`, 202 {jobId}). */
export const useStartOwnExport = () => useCallMutation(businessCalls.startOwnExport);
