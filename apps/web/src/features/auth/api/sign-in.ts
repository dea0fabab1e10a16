import type { AuthUser } from '@portal/shared';
import { api } from '../../../lib/api';

/** POST /auth/login (staff) or /auth/business-login (customers). A 401 here is a wrong password, not an ended session. */
export function signIn(variant: 'staff' | 'business', credentials: { email: string; password: string }) {
  const path = variant === 'business' ? '/auth/business-login' : '/auth/login';
  return api<AuthUser>(path, { method: 'POST', body: credentials, skipUnauthorizedHandler: true });
}
