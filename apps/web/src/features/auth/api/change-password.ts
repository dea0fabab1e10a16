import { authCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** The signed-in user's own password; the other sessions end (`changePassword`). */
export const changePassword = (oldPassword: string, newPassword: string) =>
  callApi(authCalls.changePassword, { oldPassword, newPassword });
