import { customersCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** "Daten exportieren": an admin starts the export of a customer's data (`exportCustomerData`, 202 {jobId}). */
export const useStartCustomerExport = () => useCallMutation(customersCalls.exportCustomerData);
