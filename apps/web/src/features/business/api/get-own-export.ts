import { businessCalls } from '@portal/shared/contracts';
import { useCallQuery } from '../../../lib/calls';

/** The customer's latest own export, to show its progress or its download after a reload (`getOwnExport`). */
export const useOwnExport = () => useCallQuery(businessCalls.getOwnExport, {});
