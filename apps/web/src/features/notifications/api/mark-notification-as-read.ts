import { notificationsCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** Marks one of the caller's notifications read (`markNotificationAsRead`). */
export const markNotificationAsRead = (id: number) => callApi(notificationsCalls.markNotificationAsRead, { id });
