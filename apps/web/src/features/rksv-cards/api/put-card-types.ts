import { rksvCardsCalls as calls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** Admins: the whole list of card types; a changed approval end moves the deadlines of that type's cards (`putRksvCardTypes`). */
export const usePutRksvCardTypes = () => useCallMutation(calls.putRksvCardTypes, { invalidates: ['rksv-cards', 'rksv-orders'] });
