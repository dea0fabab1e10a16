import { api } from '../../../lib/api';

/** POST /auth/set-password: the first password of an invited user (the link's token works once). */
export function setPassword(token: string, password: string) {
  return api('/auth/set-password', { method: 'POST', body: { token, password }, skipUnauthorizedHandler: true });
}
