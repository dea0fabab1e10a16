import { readStoredUser } from '../../../lib/auth-storage';
import { useOwnCardReplacement } from './get-own-card-replacement';
import { useStaffCardReplacement } from './get-staff-card-replacement';

/**
 * "Ersatz bestellen" (`/rksv?replace=<cardId>`): the replaced card's order data for the form. The
 * customer asks for one of their own cards, staff with the rksv flag for a card they may see; a visitor
 * without a session asks nothing and gets the empty form (null).
 */
export function useReplacementPrefill(cardId: number | null) {
  const user = readStoredUser();
  const asCustomer = cardId !== null && user?.role === 'customer';
  const asStaff = cardId !== null && !!user && user.role !== 'customer' && user.rksv;
  const customer = useOwnCardReplacement(cardId ?? 0, asCustomer);
  const staff = useStaffCardReplacement(cardId ?? 0, asStaff);
  return asCustomer ? customer : asStaff ? staff : null;
}
