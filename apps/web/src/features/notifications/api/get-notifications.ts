import { notificationsCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** The caller's latest 100 notifications, newest first (`getNotifications`); kept by the live list, not a query. */
export const getNotifications = () => callApi(notificationsCalls.getNotifications, {});
