import { authCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** The first password of an invited user; the link's token works once (`setPassword`). */
export const setPassword = (token: string, password: string) =>
  callApi(authCalls.setPassword, { token, password }, { skipUnauthorizedHandler: true });
