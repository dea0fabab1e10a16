import { customersCalls } from '@portal/shared/contracts';
import { useCallMutation } from '../../../lib/calls';

/** "Löschen (DSGVO)": erases a customer's personal data and answers what is kept until when (`eraseCustomerData`). */
export const useEraseCustomer = () => useCallMutation(customersCalls.eraseCustomerData);
