import { businessRecordsCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Marks a post read {id} (`markBusinessNewsRead`); the whole dashboard refreshes (the overview counts unread news). */
export const useMarkNewsRead = () => useCallMutation(businessRecordsCalls.markBusinessNewsRead);
