import { notificationsCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** What was missed during an outage: ids above `lastId`, oldest first (`getMissedNotifications`). */
export const getMissedNotifications = (lastId: number) =>
  callApi(notificationsCalls.getMissedNotifications, { lastId });
