import { Notifications } from '@mantine/notifications';
// The toast itself is Mantine core's Notification, whose CSS is not in the public pages' parts.
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import './toast-container.css';

/** Mantine's toast container, in a chunk of its own (see DeferredToasts). */
export default function ToastContainer() {
  return <Notifications position="top-right" autoClose={3000} />;
}
