import { api } from '../../../lib/api';

/** POST /auth/change-password: the signed-in user's own password; the other sessions end. */
export function changePassword(oldPassword: string, newPassword: string) {
  return api('/auth/change-password', { method: 'POST', body: { oldPassword, newPassword } });
}
