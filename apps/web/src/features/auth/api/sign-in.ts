import { authCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** Staff (`login`) or customers (`businessLogin`). A 401 here is a wrong password, not an ended session. */
export const signIn = (variant: 'staff' | 'business', credentials: { email: string; password: string }) =>
  callApi(variant === 'business' ? authCalls.businessLogin : authCalls.login, credentials, {
    skipUnauthorizedHandler: true,
  });
