import { insolvencyCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** 'Beenden' or 'Dauerhaft schließen' {id, status}; the end date is today in Vienna (`closeInsolvency`). */
export const useCloseInsolvency = () => useCallMutation(insolvencyCalls.closeInsolvency);
